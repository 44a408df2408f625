import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { imageUrl as imageUrlOf, requiredText } from '../core/fields';
import { PHONE_RE } from '../core/rules';

// Schemas of the shop settings calls (/Config/Shop/): 店铺信息, 首页设置, 退货地址, 支付方式, 通用设置.

/** A landline with its area code: 0571-88888888, 010-12345678, 0571-88888888-123 (the hyphen may be left out). */
export const LANDLINE_RE = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;
/** A nationwide service number: 400-123-4567, 8001234567. */
export const SERVICE_NUMBER_RE = /^[48]00-?\d{3}-?\d{4}$/;

/** Whether a phone is a mobile (spec 000 §5) or a landline; `service` also allows 400/800 numbers. */
export function isContactPhone(v: string, service = false): boolean {
  return PHONE_RE.test(v) || LANDLINE_RE.test(v) || (service && SERVICE_NUMBER_RE.test(v));
}

/** The message of a phone that is neither a mobile nor a landline. */
export const contactPhoneMsg = (label: string) => `${label}格式不正确，请填写手机号或固话（如 0571-88888888）`;

/** An optional contact phone: '' or a mobile / landline (/ 400 number with `service`). */
const optionalPhone = (label: string, service = false) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(20, contactPhoneMsg(label))
    .refine((v) => v === '' || isContactPhone(v, service), contactPhoneMsg(label))
    .optional()
    .default('');

/** An image url from the media library (/file/…) or the web; '' for none. */
const imageUrl = (label: string) => imageUrlOf(label).optional().default('');

/** Province / city / district codes from GetArea, top down. */
const areaCodes = (required: boolean) => {
  const codes = z.array(z.string().trim().max(12, '所在地区不正确'), { error: '请选择所在地区' }).max(3, '所在地区不正确');
  return required ? codes.min(1, '请选择所在地区') : codes.optional().default([]);
};

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字`)
    .optional()
    .default('');

// ---- 店铺信息 (/storeInformation) ------------------------------------------------------------------------------

export const SHOP_NAME_MAX = 30;
export const SHOP_INTRO_MAX = 500;

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label}须为数字` })
    .min(-limit, `${label}须在-${limit}到${limit}之间`)
    .max(limit, `${label}须在-${limit}到${limit}之间`)
    .nullable()
    .optional()
    .default(null);

/** SaveStoreInfo: the current shop (the session's). Longitude and latitude are typed, both or neither. */
export const storeInfoBody = z
  .object({
    name: requiredText('店铺名称', SHOP_NAME_MAX),
    logo: imageUrl('店铺logo'),
    phone: optionalPhone('联系电话', true),
    area: areaCodes(false),
    address: optionalText('详细地址', 100),
    lng: coordinate('经度', 180),
    lat: coordinate('纬度', 90),
    businessHours: optionalText('营业时间', 50),
    intro: optionalText('店铺简介', SHOP_INTRO_MAX),
  })
  .superRefine((v, c) => {
    if ((v.lng === null) !== (v.lat === null)) {
      c.addIssue({ code: 'custom', path: [v.lng === null ? 'lng' : 'lat'], message: '经度和纬度须同时填写' });
    }
  });

export const storeInfo = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  phone: z.string(),
  area: z.array(z.string()),
  /** The names of the area codes, joined by spaces ('广东省 深圳市 南山区'). */
  areaName: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  businessHours: z.string(),
  intro: z.string(),
});

// ---- 首页设置 (/qiantaiset) ------------------------------------------------------------------------------------

export const HOME_LIST_STYLES = ['big', 'small', 'list'] as const;
export const HOME_LIST_STYLE_LABELS: Record<(typeof HOME_LIST_STYLES)[number], string> = { big: '大图', small: '小图', list: '列表' };
export const HOME_CART_BUTTONS = ['cart', 'plus', 'buy', 'none'] as const;
export const HOME_CART_BUTTON_LABELS: Record<(typeof HOME_CART_BUTTONS)[number], string> = {
  cart: '购物车图标',
  plus: '加号',
  buy: '“购买”按钮',
  none: '不显示',
};
export const HOME_SOLD_OUT = ['show', 'last', 'hide'] as const;
export const HOME_SOLD_OUT_LABELS: Record<(typeof HOME_SOLD_OUT)[number], string> = {
  show: '正常显示（标记“已售罄”）',
  last: '排在列表最后',
  hide: '不显示',
};

const flag = (label: string, dflt: boolean) =>
  z
    .boolean({ error: `${label}须为开或关` })
    .optional()
    .default(dflt);
const choice = <T extends readonly [string, ...string[]]>(values: T, label: string, dflt: T[number]) =>
  z
    .enum(values, { error: `请选择${label}` })
    .optional()
    .default(dflt as never);

/** What the customer-facing home page and goods lists show (renter_configs 'home'); a field left out takes its default. */
export const homeSet = z.object({
  /** 首页标题: '' shows the shop name. */
  title: optionalText('首页标题', 20),
  showSales: flag('显示商品销量', true),
  showStock: flag('显示库存', false),
  soldOut: choice(HOME_SOLD_OUT, '售罄商品显示', 'show'),
  listStyle: choice(HOME_LIST_STYLES, '商品列表样式', 'small'),
  cartButton: choice(HOME_CART_BUTTONS, '购物车按钮样式', 'cart'),
  showMemberPrice: flag('显示会员价', true),
  showOriginalPrice: flag('显示划线价', true),
});
export type HomeSet = z.output<typeof homeSet>;

// ---- 通用设置 (/currency) --------------------------------------------------------------------------------------

/**
 * SaveGeneralSet / GetGeneralSet: only what something uses today — the enterprise's 客服电话 and 店铺logo (GetSetInfo
 * type 12 and 3: the trial banner and the sidebar logo). The order and points rules come back with the goods-order
 * module (modules/shop/README.md); fields an older console still sends are ignored, and a rules section stored
 * earlier in renter_configs 'general' is kept as it is.
 */
export const generalSet = z.object({
  servicePhone: optionalPhone('客服电话', true),
  logo: imageUrl('店铺logo'),
  ...orderRulesShape(),
});

/** The goods-order rules of 通用设置 (renter_configs 'general'): left out, they keep their defaults. */
function orderRulesShape() {
  const int = (label: string, min: number, max: number, unit: string, dflt: number) =>
    z.coerce
      .number({ error: `请输入${label}` })
      .int(`${label}须为整数`)
      .min(min, `${label}须为${min}-${max}${unit}`)
      .max(max, `${label}须为${min}-${max}${unit}`)
      .default(dflt);
  return {
    autoCancelMinutes: int('待付款订单自动取消时间', 5, 1440, '分钟', 30),
    autoConfirmDays: int('发货后自动确认收货时间', 1, 30, '天', 7),
  };
}
export const orderRules = z.object(orderRulesShape());
export type OrderRules = z.output<typeof orderRules>;

// ---- 支付方式 (/paymentMethod) ---------------------------------------------------------------------------------

export const WX_MCH_ID_RE = /^\d{8,10}$/;
export const WX_API_V3_KEY_RE = /^[A-Za-z0-9]{32}$/;
export const WX_SERIAL_NO_RE = /^[0-9A-Fa-f]{40}$/;
export const WX_PRIVATE_KEY_RE = /^-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----$/;
export const PAY_METHOD_NONE_MSG = '请至少开启一种支付方式';

/**
 * SavePayMethod. The APIv3 key and the private key are secrets: never answered back; an empty one keeps what is
 * stored. Turning WeChat Pay on needs its merchant number, serial number and both secrets (given now or stored).
 */
export const payMethodBody = z
  .object({
    wxEnabled: flag('微信支付', false),
    wxMchId: z
      .string({ error: '商户号格式不正确' })
      .trim()
      .refine((v) => v === '' || WX_MCH_ID_RE.test(v), '商户号须为8-10位数字')
      .optional()
      .default(''),
    wxApiV3Key: z
      .string({ error: 'APIv3密钥格式不正确' })
      .trim()
      .refine((v) => v === '' || WX_API_V3_KEY_RE.test(v), 'APIv3密钥须为32位字母或数字')
      .optional()
      .default(''),
    wxSerialNo: z
      .string({ error: '证书序列号格式不正确' })
      .trim()
      .refine((v) => v === '' || WX_SERIAL_NO_RE.test(v), '证书序列号须为40位十六进制字符')
      .transform((v) => v.toUpperCase())
      .optional()
      .default(''),
    wxPrivateKey: z
      .string({ error: '商户私钥格式不正确' })
      .trim()
      .max(8000, '商户私钥格式不正确')
      .refine((v) => v === '' || WX_PRIVATE_KEY_RE.test(v), '商户私钥须为 apiclient_key.pem 的内容（-----BEGIN PRIVATE KEY----- 开头）')
      .optional()
      .default(''),
    balanceEnabled: flag('储值支付', true),
    codEnabled: flag('货到付款', false),
  })
  .superRefine((v, c) => {
    if (!v.wxEnabled && !v.balanceEnabled && !v.codEnabled)
      c.addIssue({ code: 'custom', path: ['wxEnabled'], message: PAY_METHOD_NONE_MSG });
  });

export const payMethod = z.object({
  wxEnabled: z.boolean(),
  wxMchId: z.string(),
  wxSerialNo: z.string(),
  /** Whether an APIv3 key is stored (its value is never answered). */
  wxApiV3KeySet: z.boolean(),
  /** Whether a private key is stored (its value is never answered). */
  wxPrivateKeySet: z.boolean(),
  balanceEnabled: z.boolean(),
  codEnabled: z.boolean(),
});

// ---- 退货地址 (/editreaddress) ---------------------------------------------------------------------------------

export const RETURN_ADDRESS_MAX = 50;

/** SaveReturnAddress: creates (no id) or edits; isDefault 1 makes it the default (the first address always is). */
export const returnAddressSaveBody = z.object({
  id: z.string().uuid('id不正确').optional(),
  name: requiredText('联系人', 20),
  phone: z
    .string({ error: '请输入联系电话' })
    .trim()
    .min(1, '请输入联系电话')
    .max(20, contactPhoneMsg('联系电话'))
    .refine((v) => isContactPhone(v), contactPhoneMsg('联系电话')),
  area: areaCodes(true),
  address: requiredText('详细地址', 100),
  isDefault: z.union([z.literal(0), z.literal(1)], { error: '是否默认不正确' }).optional(),
});

export const returnAddressListBody = listQuery;

export const returnAddressRow = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  area: z.array(z.string()),
  areaName: z.string(),
  address: z.string(),
  /** 1 the enterprise's default return address. */
  isDefault: z.number().int(),
  createTime: z.string(),
});

export const returnAddressIdBody = z.object({ id: z.string({ error: '缺少id' }).uuid('id不正确') });
