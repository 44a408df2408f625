import type { EndpointMap } from '../core/endpoint';

/** The shop module's calls. */
export const shopEndpoints = {} satisfies EndpointMap;
