import type { ComponentType, LazyExoticComponent } from 'react';
import { filesScreens } from '@/modules/files/routes';
import { formsScreens } from '@/modules/forms/routes';
import { goodsScreens } from '@/modules/goods/routes';
import { homeScreens } from '@/modules/home/routes';
import { ordersScreens } from '@/modules/orders/routes';
import { teamScreens } from '@/modules/team/routes';
import { accountScreens } from '@/modules/account/routes';
import { shopScreens } from '@/modules/shop/routes';
import { billingScreens } from '@/modules/billing/routes';
import { membersScreens } from '@/modules/members/routes';
import { deliveryScreens } from '@/modules/delivery/routes';

/**
 * The console's typed route table: each menu path the console has a working screen for.
 * The server's menu decides which of them a user reaches (never a component path from the server).
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  ...homeScreens,
  ...formsScreens,
  ...ordersScreens,
  ...goodsScreens,
  ...filesScreens,
  ...teamScreens,
  ...accountScreens,
  ...shopScreens,
  ...billingScreens,
  ...membersScreens,
  ...deliveryScreens,
};

export const SCREEN_PATHS: ReadonlySet<string> = new Set(Object.keys(SCREENS));
