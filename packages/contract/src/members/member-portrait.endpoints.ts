import { empty, endpoint, menuPermission } from '../core/endpoint';
import * as s from './member-portrait.schemas';

const profile = menuPermission('mebprofile');
const portrait = menuPermission('Portraitanalysis');

/** /Client/Customer/ figures of 会员概况 (/mebprofile) and 会员画像 (/Portraitanalysis). */
export const memberPortraitEndpoints = {
  GetSumCount: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetSumCount',
    summary: '会员概况：核心指标（客户数、会员数、今日/昨日/本月新增、消费会员、累计消费、储值、积分）',
    body: empty,
    data: s.sumCountData,
    permission: profile.view,
  }),
  GetMebCount: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebCount',
    summary: '会员概况：每日新增客户与会员（最近 N 天或日期范围）',
    body: s.mebCountBody,
    data: s.mebCountData,
    permission: profile.view,
  }),
  GetMebSurvey: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebSurvey',
    summary: '会员概况：会员结构（客户/会员、有无消费、复购、30天活跃、付费会员）',
    body: empty,
    data: s.mebSurveyData,
    permission: profile.view,
  }),
  GetMarketCount: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMarketCount',
    summary: '会员概况：营销触达（可短信触达、本月/下月生日、有储值、有积分、持权益卡）',
    body: empty,
    data: s.marketCountData,
    permission: profile.view,
  }),
  GetSetMarket: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetSetMarket',
    summary: '会员概况：按条件圈选人群的人数与可短信触达人数',
    body: s.setMarketBody,
    data: s.setMarketData,
    permission: profile.view,
  }),
  GetRedMeb: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetRedMeb',
    summary: '会员概况：流失预警（N 天内消费、沉睡会员、未转化会员）',
    body: s.redMebBody,
    data: s.redMebData,
    permission: profile.view,
  }),
  GetRedMebDefault: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetRedMebDefault',
    summary: '会员概况：流失预警的默认天数与可选天数',
    body: empty,
    data: s.redMebDefaultData,
    permission: profile.view,
  }),
  GetMebSex: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebSex',
    summary: '会员画像：性别分布',
    body: empty,
    data: s.portraitDistribution,
    permission: portrait.view,
  }),
  GetMebBirYear: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebBirYear',
    summary: '会员画像：年龄段分布（按出生年代：00后、90后…）',
    body: empty,
    data: s.portraitDistribution,
    permission: portrait.view,
  }),
  GetMebBirMonth: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebBirMonth',
    summary: '会员画像：生日月份分布',
    body: empty,
    data: s.portraitDistribution,
    permission: portrait.view,
  }),
  GetMebLv: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebLv',
    summary: '会员画像：会员等级分布（免费等级与有效的付费等级）',
    body: empty,
    data: s.portraitDistribution,
    permission: portrait.view,
  }),
  GetMebCard: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebCard',
    summary: '会员画像：权益卡持卡分布（有效持卡）',
    body: empty,
    data: s.portraitDistribution,
    permission: portrait.view,
  }),
  GetMebTag: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebTag',
    summary: '会员画像：标签分布（人数最多的 20 个标签）',
    body: empty,
    data: s.portraitDistribution,
    permission: portrait.view,
  }),
};
