/**
 * The readable before → after of an operation-log entry: only the fields that changed, with Chinese labels. Entries
 * were written by each module's audit() with whatever shape suited it, so this reads the common shapes: one record
 * before and after (an edit), only after (a creation), only before (a deletion), and a batch (before an array of
 * records, after the one value given to all of them).
 */

/** Field labels as the screens name them; a field not listed shows its key. */
const LABELS: Record<string, string> = {
  title: '名称',
  name: '名称',
  goodsNo: '商品编号',
  frno: '表单编号',
  status: '状态',
  state: '状态',
  sort: '排序',
  type: '类型',
  remark: '备注',
  phone: '手机号',
  role: '岗位',
  roleId: '岗位',
  shop: '门店',
  shopId: '门店',
  menuKeys: '菜单权限',
  price: '价格',
  priceFen: '价格（分）',
  originalPriceFen: '划线价（分）',
  costFen: '成本价（分）',
  stock: '库存',
  totalStock: '总库存',
  skus: '规格明细',
  specs: '规格',
  specNames: '规格名',
  values: '属性值',
  mainImage: '主图',
  images: '商品图片',
  sellingPoint: '卖点',
  description: '描述',
  delivery: '配送方式',
  postFee: '运费',
  postFeeFen: '运费（分）',
  postFeeMode: '运费方式',
  startSaleAt: '开售时间',
  purchaseLimit: '限购数量',
  warrantyDays: '保修天数',
  joinVip: '参与会员折扣',
  showVipPrice: '显示会员价',
  haveVipPrice: '设置会员价',
  trackSerial: '序列号管理',
  extensions: '扩展属性',
  weightG: '重量（克）',
  barcode: '条码',
  code: '编码',
  cover: '封面',
  content: '内容',
  fields: '字段',
  needPay: '需要付费',
  needVerify: '需要核销',
  personLimit: '每人限填次数',
  totalLimit: '总限填次数',
  startAt: '开始时间',
  endAt: '结束时间',
  servicePhone: '客服电话',
  logo: '店铺logo',
  address: '地址',
  area: '所在地区',
  contactName: '联系人',
  contactPhone: '联系电话',
  businessHours: '营业时间',
  intro: '简介',
  lng: '经度',
  lat: '纬度',
  industry: '行业',
  nickname: '昵称',
  headimg: '头像',
  isDefault: '默认',
  parentId: '上级分类',
  icon: '图标',
  fileName: '文件名',
  dirId: '目录',
  mdornf: '购买方式',
  serviceEnd: '服务到期时间',
  amountFen: '金额（分）',
  wxMchId: '微信支付商户号',
  wxSerialNo: '证书序列号',
  wxApiV3KeyChanged: 'APIv3密钥已修改',
  wxPrivateKeyChanged: '商户私钥已修改',
};

/** Keys that identify or timestamp a row: never a change the merchant made. */
const SKIP = new Set(['id', 'renterId', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'from']);

export interface OperlogChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value as the merchant reads it: 是/否, lists joined, records counted, nothing shown as ''. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) return v.map(showValue).filter(Boolean).join('、');
    return `共${v.length}项`;
  }
  const text = JSON.stringify(v);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The values a batch had before, per field: each distinct one once ('上架、下架'). */
function batchBefore(rows: unknown[], field: string): string {
  const seen = new Set(rows.filter(isObj).map((r) => showValue(r[field])));
  return [...seen].filter(Boolean).join('、');
}

/** The fields that changed between a log entry's before and after, labelled in Chinese. */
export function operlogChanges(before: unknown, after: unknown): OperlogChange[] {
  const change = (field: string, b: string, a: string): OperlogChange => ({ field, label: LABELS[field] ?? field, before: b, after: a });
  if (Array.isArray(before) && isObj(after)) {
    return Object.keys(after)
      .filter((k) => !SKIP.has(k))
      .map((k) => change(k, batchBefore(before, k), showValue(after[k])))
      .filter((c) => c.before !== c.after);
  }
  if (isObj(before) || isObj(after)) {
    const b = isObj(before) ? before : {};
    const a = isObj(after) ? after : {};
    const keys = [...new Set([...(isObj(after) ? Object.keys(a) : []), ...(isObj(before) ? Object.keys(b) : [])])];
    // A creation lists what was set, a deletion what was there, an edit what differs (and only fields both sides know).
    const both = isObj(before) && isObj(after);
    return keys
      .filter((k) => !SKIP.has(k) && (!both || (k in a && !same(b[k], a[k]))))
      .map((k) => change(k, showValue(b[k]), showValue(a[k])))
      .filter((c) => c.before !== '' || c.after !== '');
  }
  if (Array.isArray(before) && after == null) {
    // A batch deleted: the records' names.
    const names = before.filter(isObj).map((r) => showValue(r.title ?? r.name));
    return names.some(Boolean) ? [change('name', names.filter(Boolean).join('、'), '')] : [];
  }
  return [];
}
