/** The shop screens, by menu path. */
export const shopScreens = {};
