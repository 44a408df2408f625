import { z } from 'zod';
import { yuanOut } from '../core/money';
import { listQuery } from '../core/endpoint';

/** Buy type (spec 000 §3, §9): 1 buyout, 2 annual fee. */
export const MD_OR_NF = { buyout: 1, annual: 2 } as const;
/** PayStatus of GetPayOrder (spec 000 §9): 2 means paid. */
export const BUY_PAY_STATUS = { unpaid: 1, paid: 2, closed: 3 } as const;
/** Years of one annual purchase: at least 1 (spec 000 §5), at most this many at once. */
export const BUY_YEARS_MAX = 10;
/** How often the buy dialog asks whether the order was paid (spec 000 §9). */
export const PAY_POLL_MS = 5000;

export const BUY_TYPE_MSG = '请选择购买类型';
export const BUY_YEARS_MSG = '请输入购买年数';
export const BUY_ORDER_ERROR_MSG = '获取购买订单信息错误';
export const BUY_UNPAID_MSG = '购买订单未支付';
export const BUY_PAID_MSG = '支付成功';
export const BUY_CANCEL_CONFIRM = '确认要取消购买吗?';
/** RenterBuy of an app whose screens are not built yet (its card reads 即将上线). */
export const APP_COMING_MSG = '该应用即将上线，暂不可购买';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * RenterBuy (spec 000 §3 buy form): the product itself (its id, as GetBuyInfo answers it) or an add-on app (the app id),
 * for the caller's own enterprise; 1 buyout or 2 annual for BuyNS years. BuyYHS is a promo code (优惠码): there are no
 * promotions yet, so it is empty or 0.
 */
export const renterBuyBody = z
  .object({
    ProductLineGUID: z.string({ error: '请选择购买的产品' }).trim().min(1, '请选择购买的产品').max(64, '购买的产品不正确'),
    CustomerGUID: z.string({ error: '请选择购买的企业' }).uuid('购买的企业不正确'),
    MdOrNf: z.preprocess(
      (v) => (emptyToUndefined(v) === undefined ? undefined : Number(v)),
      z.union([z.literal(MD_OR_NF.buyout), z.literal(MD_OR_NF.annual)], { error: BUY_TYPE_MSG }),
    ),
    BuyNS: z.preprocess(
      (v) => (emptyToUndefined(v) === undefined ? 0 : Number(v)),
      z
        .number({ error: BUY_YEARS_MSG })
        .int('购买年数必须是整数')
        .min(0, BUY_YEARS_MSG)
        .max(BUY_YEARS_MAX, `购买年数不能超过${BUY_YEARS_MAX}年`),
    ),
    BuyYHS: z.preprocess((v) => (emptyToUndefined(v) === undefined ? '' : String(v).trim()), z.string().max(32, '优惠码不正确')),
  })
  .superRefine((b, ctx) => {
    if (b.MdOrNf === MD_OR_NF.annual && b.BuyNS < 1) ctx.addIssue({ code: 'custom', path: ['BuyNS'], message: BUY_YEARS_MSG });
  });
export type RenterBuyInput = z.input<typeof renterBuyBody>;

/** Pay data (spec 000 §3): the order to poll, what the payer scans, the total in yuan ('1980.00'). */
export const payData = z.object({
  PayOrderGUID: z.string(),
  qr_code: z.string(),
  Total: z.string(),
});

/** GetPayEnv: whether payments go to the development sandbox (no money moves); the console then says so. */
export const payEnvData = z.object({ sandbox: z.boolean() });
/** What every payment screen shows while the sandbox is the payment provider. */
export const PAY_SANDBOX_NOTICE = '当前为支付沙箱环境，付款不会真实扣款';

export const payOrderBody = z.object({ OrderGUID: z.string({ error: '缺少购买订单' }).uuid('购买订单不正确') });

/** GetPayOrder: 1 unpaid, 2 paid, 3 closed (cancelled). */
export const payOrderData = z.object({ PayStatus: z.number().int() });

/** GetBuyInfo: what can be bought for the product (no ProductLineGUID) or for one app. */
export const buyInfoBody = z.object({ ProductLineGUID: z.string().trim().max(64, '购买的产品不正确').optional().default('') });

export const buyInfoData = z.object({
  ProductLineGUID: z.string(),
  CustomerGUID: z.string(),
  /** 'product' (the enterprise's version) or 'app'. */
  kind: z.enum(['product', 'app']),
  name: z.string(),
  /** Yuan per year. */
  annualPrice: yuanOut(),
  /** Yuan, once. */
  buyoutPrice: yuanOut(),
  usagemd: z.boolean().describe('可买断'),
  usagenf: z.boolean().describe('可年费'),
  /** 1 buyout, 2 annual, 0 trial / not bought. */
  mdornf: z.number().int(),
  /** Current end of the paid or trial service ('' for a buyout or an app not bought). */
  serviceendtime: z.string(),
});

/** An app of the app centre (/Apphall). */
export const appCard = z.object({
  appid: z.string(),
  name: z.string(),
  intro: z.string(),
  icon: z.string(),
  annualPrice: yuanOut(),
  buyoutPrice: yuanOut(),
  /** 1 已购买 (buyout, or annual not ended), 0 未购买 (never, or ended). */
  bought: z.number().int(),
  /** 1 buyout, 2 annual, 0 none. */
  mdornf: z.number().int(),
  /** End of an annual app ('' for a buyout or none). */
  serviceendtime: z.string(),
  /** true: its screens exist and it is sold; false: 即将上线 (not sold, never shown as bought). */
  available: z.boolean(),
});

export const appDetailBody = z.object({ appid: z.string({ error: '缺少应用' }).trim().min(1, '缺少应用').max(64, '应用不正确') });
export const appDetail = appCard.extend({ detail: z.string(), usagemd: z.boolean(), usagenf: z.boolean() });

/** GetBuyList: the enterprise's purchases, newest first. */
export const buyListBody = listQuery;
export const buyRow = z.object({
  id: z.string(),
  name: z.string(),
  MdOrNf: z.number().int(),
  BuyNS: z.number().int(),
  Total: z.string(),
  /** 1 待支付, 2 已支付, 3 已取消 */
  status: z.number().int(),
  endBefore: z.string(),
  endAfter: z.string(),
  paidTime: z.string(),
  createTime: z.string(),
});
