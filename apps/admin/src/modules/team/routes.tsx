/** The team screens, by menu path. */
export const teamScreens = {};
