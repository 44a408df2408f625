import type { contract } from '@shop/contract';
import type { Handlers } from '../../core/register';

export const teamHandlers: Handlers<typeof contract.team> = {};
