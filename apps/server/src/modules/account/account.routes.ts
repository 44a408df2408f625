import type { contract } from '@shop/contract';
import type { Handlers } from '../../core/register';

export const accountHandlers: Handlers<typeof contract.account> = {};
