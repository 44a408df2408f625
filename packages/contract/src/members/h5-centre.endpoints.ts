import { customerEndpoint, empty } from '../core/endpoint';
import * as s from './h5-centre.schemas';

/** The member centre on the customer side: my level and growth, and the shop's levels. */
export const h5CentreEndpoints = {
  GetCentre: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/GetCentre',
    summary: '会员中心：我的等级、成长值、下一等级及所需成长值、等级权益、付费等级及到期时间',
    body: empty,
    data: s.memberCentre,
    actor: 'member',
    shop: true,
  }),
  GetLevels: customerEndpoint({
    method: 'POST',
    path: '/h5/Member/GetLevels',
    summary: '会员中心：本店的等级及其权益',
    body: empty,
    data: s.memberLevelsData,
    actor: 'member',
    shop: true,
  }),
};
