import { customerEndpoint, listOf, listQuery } from '../core/endpoint';
import * as s from './vip-card.schemas';

/** The member centre's rights cards (DESIGN §9): the renter's enabled cards, mine, and claiming a free one. */
export const h5CardsEndpoints = {
  List: customerEndpoint({
    method: 'POST',
    path: '/h5/Card/List',
    summary: '会员：店铺的权益卡（启用中），含我是否持有',
    body: listQuery,
    data: listOf(s.h5CardRow),
    actor: 'member',
    shop: true,
  }),
  Mine: customerEndpoint({
    method: 'POST',
    path: '/h5/Card/Mine',
    summary: '会员：我的权益卡（有效期）',
    body: listQuery,
    data: listOf(s.h5MyCardRow),
    actor: 'member',
    shop: true,
  }),
  Claim: customerEndpoint({
    method: 'POST',
    path: '/h5/Card/Claim',
    summary: '会员：领取免费权益卡（付费卡须购买）',
    body: s.vipCardIdBody,
    data: s.h5CardClaimData,
    actor: 'member',
    shop: true,
  }),
};
