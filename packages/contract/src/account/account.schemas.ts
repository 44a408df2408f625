// Schemas of the account module's calls.
export {};
