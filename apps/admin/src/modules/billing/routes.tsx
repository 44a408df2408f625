/** The billing screens, by menu path. */
export const billingScreens = {};
