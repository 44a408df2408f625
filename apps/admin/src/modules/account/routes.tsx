/** The account screens, by menu path. */
export const accountScreens = {};
