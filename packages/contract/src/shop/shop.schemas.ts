// Schemas of the shop module's calls.
export {};
