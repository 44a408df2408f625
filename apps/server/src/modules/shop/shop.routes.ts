import type { contract } from '@shop/contract';
import type { Handlers } from '../../core/register';

export const shopHandlers: Handlers<typeof contract.shop> = {};
