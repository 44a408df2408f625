// Schemas of the team module's calls.
export {};
