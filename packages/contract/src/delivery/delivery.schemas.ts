import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { requiredText, uuid } from '../core/fields';
import { yuanField, yuanOut } from '../core/money';

// Schemas of the delivery calls (/LesseePick/LesseePick/): 配送设置, 自提点, 运费模板, 快递购买记录.

/** The three delivery methods of a shop (Youzan's 快递发货 / 到店自提 / 同城配送). */
export const DELIVERY_METHODS = ['express', 'pickup', 'local'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_NAMES: Record<DeliveryMethod, string> = { express: '快递发货', pickup: '到店自提', local: '同城配送' };
export const DELIVERY_METHOD_NONE_MSG = '请至少开启一种配送方式';

/** Area codes from GetArea: a province (2 digits), a city (4) or a district (6). */
export const AREA_CODE_RE = /^\d{2}(\d{2}){0,2}$/;
const areaCode = (label: string) => z.string({ error: `${label}不正确` }).regex(AREA_CODE_RE, `${label}不正确`);
const areaList = (label: string, required: boolean) => {
  const list = z.array(areaCode(label), { error: `请选择${label}` }).max(500, `${label}最多选择500个`);
  return required ? list.min(1, `请选择${label}`) : list.optional().default([]);
};

// ---- 配送设置 (/distributionSet) -------------------------------------------------------------------------------

/** EditExpressState: turns one method of the session's shop on (1) or off (0); at least one stays on. */
export const expressStateBody = z.object({
  method: z.enum(DELIVERY_METHODS, { error: '配送方式不正确' }),
  state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }),
});

export const LOCAL_RADIUS_MAX_KM = 100;

/** SaveLocalSet: 同城配送 of the session's shop: radius around the shop, 起送价, 配送费, 满额免配送费 (0 none). */
export const localSetBody = z.object({
  radiusKm: z
    .number({ error: '请输入配送半径' })
    .gt(0, '配送半径须大于0')
    .max(LOCAL_RADIUS_MAX_KM, `配送半径不能超过${LOCAL_RADIUS_MAX_KM}公里`)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, '配送半径最多保留一位小数'),
  minAmount: yuanField('起送价', { max: 100_000 }),
  fee: yuanField('配送费', { max: 10_000 }),
  freeFrom: yuanField('满额免配送费', { max: 1_000_000 }).optional().default(0),
});

export const deliverySetData = z.object({
  shopId: z.string(),
  express: z.number().int(),
  pickup: z.number().int(),
  local: z.number().int(),
  radiusKm: z.number(),
  minAmount: yuanOut(),
  fee: yuanOut(),
  freeFrom: yuanOut(),
  /** The shop's coordinates are set (店铺信息): 同城配送 measures the radius from them. */
  shopLocated: z.boolean(),
});

/** GetExpressTypes: the delivery methods, for pickers. */
export const expressTypeRow = z.object({ code: z.string(), name: z.string() });

// ---- 自提点 (/EditPickUp) --------------------------------------------------------------------------------------

export const PICK_NAME_MAX = 30;
export const PICK_STAFF_MAX = 50;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const openRange = z
  .object({
    start: z.string({ error: '请选择开始时间' }).regex(TIME_RE, '营业时间格式不正确'),
    end: z.string({ error: '请选择结束时间' }).regex(TIME_RE, '营业时间格式不正确'),
  })
  .refine((r) => r.start < r.end, { message: '结束时间须晚于开始时间', path: ['end'] });

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `请输入${label}` })
    .min(-limit, `${label}须在-${limit}到${limit}之间`)
    .max(limit, `${label}须在-${limit}到${limit}之间`);

/** SavePick: creates (no id) or saves a pick-up point. */
export const savePickBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  name: requiredText('自提点名称', PICK_NAME_MAX),
  area: z.array(areaCode('所在地区'), { error: '请选择所在地区' }).min(3, '请选择所在地区（省市区）').max(3, '所在地区不正确'),
  address: requiredText('详细地址', 100),
  lng: coordinate('经度', 180),
  lat: coordinate('纬度', 90),
  phone: z
    .string({ error: '请输入联系电话' })
    .trim()
    .min(1, '请输入联系电话')
    .regex(/^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|[48]00-?\d{3}-?\d{4})$/, '联系电话格式不正确，请填写手机号或固话（如 0571-88888888）'),
  /** Days of the week it is open: 1 Monday … 7 Sunday. */
  days: z
    .array(z.number().int().min(1, '营业日不正确').max(7, '营业日不正确'), { error: '请选择营业日' })
    .min(1, '请选择营业日')
    .max(7, '营业日不正确'),
  hours: z.array(openRange, { error: '请添加营业时间' }).min(1, '请添加营业时间').max(3, '营业时间最多3段'),
  /** Staff who may verify pick-up codes here (staff ids of the enterprise); none: every staff member with 核销 rights. */
  staffIds: z.array(uuid('核销员'), { error: '核销员不正确' }).max(PICK_STAFF_MAX, `核销员最多${PICK_STAFF_MAX}人`).optional().default([]),
  status: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }).optional(),
});

export const pickListBody = listQuery.extend({
  status: z.coerce.number().int().min(-1, '状态不正确').max(1, '状态不正确').optional().default(-1),
});

export const pickRow = z.object({
  id: z.string(),
  name: z.string(),
  area: z.array(z.string()),
  areaName: z.string(),
  address: z.string(),
  lng: z.number(),
  lat: z.number(),
  phone: z.string(),
  days: z.array(z.number().int()),
  hours: z.array(z.object({ start: z.string(), end: z.string() })),
  staffIds: z.array(z.string()),
  /** The verifiers' names, in staffIds order. */
  staffNames: z.array(z.string()),
  status: z.number().int(),
  createTime: z.string(),
});

export const deliveryIdBody = z.object({ id: uuid('id') });
export const deliveryStateBody = z.object({
  id: uuid('id'),
  status: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }),
});

/** PickStaffOptions: the enterprise's active staff, to choose verifiers from. */
export const pickStaffBody = z.object({ keyword: z.string().trim().max(50, '关键字不能超过50个字').optional().default('') });
export const pickStaffRow = z.object({ id: z.string(), name: z.string(), phone: z.string() });

// ---- 运费模板 (/NewFreightTem) ---------------------------------------------------------------------------------

/** 1 按件数 (pieces), 2 按重量 (kg at the edge, grams inside). */
export const CHARGE_BY = { piece: 1, weight: 2 } as const;
export const FREIGHT_NAME_MAX = 30;
export const FREIGHT_REGIONS_MAX = 50;
export const FREIGHT_IN_USE_MSG = '该运费模板已被商品使用，不能删除';
export const FREIGHT_NOT_FOUND_MSG = '运费模板不存在';

/** First / additional units: pieces (whole) or kg (≤ 3 decimals, i.e. grams); checked against chargeBy below. */
const units = (label: string, min: number) =>
  z
    .number({ error: `请输入${label}` })
    .min(min, `${label}不能小于${min}`)
    .max(100_000, `${label}不能超过100000`)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, `${label}最多保留三位小数`);

export const freightRule = z.object({
  first: units('首件（重）', 0.001),
  firstFee: yuanField('首费', { max: 10_000 }),
  next: units('续件（重）', 0),
  nextFee: yuanField('续费', { max: 10_000 }),
});

export const freightRegion = freightRule.extend({ areas: areaList('配送区域', true) });

/** 包邮条件: in these areas (none: everywhere), free from minQty pieces / kg and / or minAmount yuan (0: no such condition). */
export const freeRule = z
  .object({
    areas: areaList('包邮区域', false),
    minQty: units('包邮件数（重量）', 0).optional().default(0),
    minAmount: yuanField('包邮金额', { max: 1_000_000 }).optional().default(0),
  })
  .refine((r) => r.minQty > 0 || r.minAmount > 0, { message: '请填写包邮件数（重量）或包邮金额', path: ['minQty'] });

export const saveLogisticsBody = z
  .object({
    id: z.string().uuid('id不正确').optional(),
    name: requiredText('模板名称', FREIGHT_NAME_MAX),
    chargeBy: z.union([z.literal(1), z.literal(2)], { error: '请选择计费方式' }),
    rule: freightRule,
    regions: z
      .array(freightRegion, { error: '指定区域运费不正确' })
      .max(FREIGHT_REGIONS_MAX, `指定区域最多${FREIGHT_REGIONS_MAX}条`)
      .optional()
      .default([]),
    noDelivery: areaList('不配送区域', false),
    freeRules: z
      .array(freeRule, { error: '包邮条件不正确' })
      .max(FREIGHT_REGIONS_MAX, `包邮条件最多${FREIGHT_REGIONS_MAX}条`)
      .optional()
      .default([]),
    status: z.union([z.literal(0), z.literal(1)], { error: '状态不正确' }).optional(),
  })
  .superRefine((v, c) => {
    if (v.chargeBy !== CHARGE_BY.piece) return;
    const whole = (n: number, path: (string | number)[], label: string) => {
      if (!Number.isInteger(n)) c.addIssue({ code: 'custom', path, message: `${label}须为整数` });
    };
    whole(v.rule.first, ['rule', 'first'], '首件');
    whole(v.rule.next, ['rule', 'next'], '续件');
    v.regions.forEach((r, i) => {
      whole(r.first, ['regions', i, 'first'], '首件');
      whole(r.next, ['regions', i, 'next'], '续件');
    });
    v.freeRules.forEach((r, i) => {
      whole(r.minQty, ['freeRules', i, 'minQty'], '包邮件数');
    });
  });

export const logisticsPageBody = pickListBody;

const ruleOut = z.object({ first: z.number(), firstFee: yuanOut(), next: z.number(), nextFee: yuanOut() });
export const logisticsRow = z.object({
  id: z.string(),
  name: z.string(),
  chargeBy: z.number().int(),
  rule: ruleOut,
  regions: z.array(ruleOut.extend({ areas: z.array(z.string()), areaNames: z.array(z.string()) })),
  noDelivery: z.array(z.string()),
  noDeliveryNames: z.array(z.string()),
  freeRules: z.array(z.object({ areas: z.array(z.string()), areaNames: z.array(z.string()), minQty: z.number(), minAmount: yuanOut() })),
  status: z.number().int(),
  createTime: z.string(),
});

export const logisticsOption = z.object({ id: z.string(), name: z.string(), chargeBy: z.number().int() });

// ---- 快递购买记录 (/Express/buyrecord) --------------------------------------------------------------------------

/** express_buys.status: 1 待支付, 2 已支付, 3 已关闭. */
export const EXPRESS_BUY_STATUS = { unpaid: 1, paid: 2, closed: 3 } as const;
export const EXPRESS_BUY_STATUS_NAMES: Record<number, string> = { 1: '待支付', 2: '已支付', 3: '已关闭' };

export const expressPackage = z.object({ id: z.string(), name: z.string(), waybills: z.number().int(), price: yuanOut() });
export const packageListData = z.object({
  rows: z.array(expressPackage),
  /** Electronic waybills the enterprise has left. */
  quota: z.number().int(),
});

export const chargeBody = z.object({ packageId: z.string({ error: '请选择套餐' }).trim().min(1, '请选择套餐').max(40, '套餐不存在') });
export const chargeData = z.object({ id: z.string(), qr_code: z.string(), Total: z.string() });
export const chargeResultData = z.object({ status: z.number().int() });

export const buyPageBody = listQuery.extend({
  status: z.coerce.number().int().min(0, '状态不正确').max(3, '状态不正确').optional().default(0),
});
export const buyRecordRow = z.object({
  id: z.string(),
  packageName: z.string(),
  waybills: z.number().int(),
  Total: z.string(),
  status: z.number().int(),
  createTime: z.string(),
  paidTime: z.string(),
});
