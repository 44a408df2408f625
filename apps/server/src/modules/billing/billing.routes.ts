import type { contract } from '@shop/contract';
import type { Handlers } from '../../core/register';

export const billingHandlers: Handlers<typeof contract.billing> = {};
