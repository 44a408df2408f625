// Schemas of the billing module's calls.
export {};
