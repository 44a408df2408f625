import type { EndpointMap } from '../core/endpoint';

/** The billing module's calls. */
export const billingEndpoints = {} satisfies EndpointMap;
