/**
 * The menu catalogue: every console screen that works, grouped by area.
 * The server builds a user's menu from it and the role's grants; the console
 * only routes what the server returns (spec 000 §2.1). A screen joins this
 * catalogue when it works end to end, not before.
 */
export interface MenuDef {
  /** Permission key, also the role grant. Unique. */
  key: string;
  name: string;
  path?: string;
  icon?: string;
  /** Route exists but is not shown in the sidebar (edit pages, detail pages). */
  hidden?: boolean;
  /** The add-on app that must be bought for this entry (purchase value 2 otherwise). */
  app?: string;
  /** Every member has it (their own login records, bindings): never a role grant. */
  always?: boolean;
  /** Only the enterprise's owner has it (enterprise transfer): never a role grant. */
  ownerOnly?: boolean;
  children?: MenuDef[];
}

export const MENU: MenuDef[] = [
  {
    key: 'overview',
    name: '概况',
    icon: 'DashboardOutlined',
    children: [
      {
        key: 'overview.home',
        name: '概况',
        children: [
          { key: 'dashboard', name: '概况', path: '/dashboard', icon: 'DashboardOutlined' },
          { key: 'profile', name: '个人设置', path: '/profile', icon: 'UserOutlined' },
          { key: 'reminder', name: '消息提醒', path: '/reminder', icon: 'BellOutlined', hidden: true },
        ],
      },
    ],
  },
  {
    key: 'goods',
    name: '商品',
    icon: 'AppstoreOutlined',
    children: [
      {
        key: 'goods.manage',
        name: '商品管理',
        children: [
          { key: 'Goodlist', name: '商品管理', path: '/Goodlist' },
          { key: 'addgoods', name: '发布商品', path: '/addgoods', hidden: true },
          { key: 'editfrom', name: '编辑商品', path: '/editfrom', hidden: true },
          { key: 'SaveGood', name: '保存商品', path: '/SaveGood', hidden: true },
          { key: 'Glist', name: '商品', path: '/Glist' },
          { key: 'goodsList', name: '商品列表', path: '/goodsList' },
          { key: 'goodsSort', name: '商品排序', path: '/goodsSort' },
          { key: 'Catelist', name: '商品分类', path: '/Catelist' },
          { key: 'addspecification', name: '商品规格', path: '/addspecification' },
          { key: 'Unit', name: '商品单位', path: '/Unit' },
          { key: 'BatchTransferTool', name: '批量图片转存', path: '/BatchTransferTool' },
        ],
      },
      {
        key: 'goods.points',
        name: '积分商城',
        children: [
          { key: 'AGood', name: '积分商城商品', path: '/AGood' },
          { key: 'AGoodEdit', name: '编辑积分商品', path: '/AGoodEdit', hidden: true },
        ],
      },
    ],
  },
  {
    key: 'orders',
    name: '订单',
    icon: 'ShoppingOutlined',
    children: [
      {
        key: 'orders.list',
        name: '订单管理',
        children: [
          { key: 'FormOrderList', name: '表单订单', path: '/FormOrderList' },
          { key: 'FormOrderDetail', name: '表单订单详情', path: '/FormOrderDetail', hidden: true },
        ],
      },
    ],
  },
  {
    key: 'forms',
    name: '表单',
    icon: 'FileTextOutlined',
    children: [
      {
        key: 'forms.group',
        name: '表单',
        children: [
          { key: 'form', name: '表单', path: '/form' },
          { key: 'FormResEdit', name: '编辑表单', path: '/FormResEdit', hidden: true },
          { key: 'formdata', name: '表单数据', path: '/formdata', hidden: true },
        ],
      },
    ],
  },
  {
    key: 'shop',
    name: '设置',
    icon: 'SettingOutlined',
    children: [
      // 店铺设置: /storeInformation, /qiantaiset, /editreaddress, /paymentMethod, /currency (entries join as they work)
      { key: 'shop.store', name: '店铺设置', children: [] },
      // 员工与权限: /staffManagement, /EditStaff, /ShowStaff, /rolePermissions, /editjob, /operlog
      { key: 'shop.team', name: '员工与权限', children: [] },
      // 企业与账号: /renterinfo, /rentertrans, /logininfor, /userbind
      { key: 'shop.account', name: '企业与账号', children: [] },
    ],
  },
  {
    key: 'apps',
    name: '应用',
    icon: 'AppstoreAddOutlined',
    // 应用中心: /Apphall, /appmarket/appdesc
    children: [{ key: 'apps.group', name: '应用中心', children: [] }],
  },
  {
    key: 'media',
    name: '素材',
    icon: 'PictureOutlined',
    children: [{ key: 'media.group', name: '素材', children: [{ key: 'material', name: '素材库', path: '/material' }] }],
  },
];

/** The entries a role can be granted (not those every member or only the owner has). */
export function grantableLeaves(defs: MenuDef[] = MENU): MenuDef[] {
  return menuLeaves(defs).filter((d) => !d.always && !d.ownerOnly);
}

/** Every key of the catalogue, parents included. */
export function allMenuKeys(defs: MenuDef[] = MENU): string[] {
  return defs.flatMap((d) => [d.key, ...allMenuKeys(d.children ?? [])]);
}

/** The leaf entries (those with a path). */
export function menuLeaves(defs: MenuDef[] = MENU): MenuDef[] {
  return defs.flatMap((d) => (d.path ? [d] : menuLeaves(d.children ?? [])));
}
