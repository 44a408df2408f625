import type { EndpointMap } from '../core/endpoint';

/** The account module's calls. */
export const accountEndpoints = {} satisfies EndpointMap;
