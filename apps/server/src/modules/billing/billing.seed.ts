import type { Db } from '@/db/client';
import { apps } from '@/db/schema';

/** The add-on apps of the app centre (/Apphall), prices in fen. Ids are stable: menu entries name them (`app`). */
export const APPS: (typeof apps.$inferInsert)[] = [
  {
    id: 'erp-link',
    name: 'ERP 对接（云数据连接）',
    intro: '商城与管家婆等 ERP 双向同步商品、库存、订单与会员',
    detail:
      '云数据连接把网店与您的 ERP（管家婆、易订货、财务软件等）接在一起：商品资料与库存自动同步，网店订单自动下发到 ERP，会员与储值在两边一致。按年订购或一次买断。',
    icon: 'ApiOutlined',
    annualPriceFen: 298_000,
    buyoutPriceFen: 988_000,
    sort: 1,
  },
  {
    id: 'lottery',
    name: '幸运抽奖',
    intro: '大转盘、九宫格抽奖，拉新促活',
    detail: '设置奖品、中奖概率与参与条件，顾客在公众号、小程序或 H5 参与抽奖；中奖名单与领奖核销一目了然。',
    icon: 'GiftOutlined',
    annualPriceFen: 59_800,
    buyoutPriceFen: 169_800,
    sort: 2,
  },
  {
    id: 'poster',
    name: '海报裂变',
    intro: '专属海报邀请好友，助力领奖',
    detail: '为活动生成带顾客专属二维码的海报，好友扫码助力即可领取奖励；实时统计邀请人数与转化效果。',
    icon: 'ShareAltOutlined',
    annualPriceFen: 69_800,
    buyoutPriceFen: 199_800,
    sort: 3,
  },
  {
    id: 'timecard',
    name: '次卡 / 计次卡',
    intro: '售卖按次使用的服务卡，到店核销',
    detail: '创建洗车、美发、健身等按次使用的服务卡，顾客线上购买、到店核销次数，余次与有效期自动管理。',
    icon: 'IdcardOutlined',
    annualPriceFen: 49_800,
    buyoutPriceFen: 149_800,
    sort: 4,
  },
  {
    id: 'precise',
    name: '精准营销',
    intro: '按标签与消费行为圈选顾客，定向发券与消息',
    detail: '按会员标签、等级、消费金额与最近消费时间圈选人群，定向发放优惠券、推送模板消息，并追踪营销效果。',
    icon: 'AimOutlined',
    annualPriceFen: 99_800,
    buyoutPriceFen: 0,
    canBuyout: false,
    sort: 5,
  },
];

/** Seeds the apps catalogue; keeps what is already there (idempotent). */
export async function seedApps(db: Db): Promise<void> {
  await db.insert(apps).values(APPS).onConflictDoNothing();
}
