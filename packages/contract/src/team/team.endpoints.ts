import type { EndpointMap } from '../core/endpoint';

/** The team module's calls. */
export const teamEndpoints = {} satisfies EndpointMap;
