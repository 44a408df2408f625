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
  /**
   * A page reached from another entry (edit and detail pages): granted with that entry's key, never on its own, so a
   * role editor lists only the entries a merchant recognises.
   */
  under?: string;
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
          { key: 'reminder', name: '消息提醒', path: '/reminder', icon: 'BellOutlined', hidden: true, always: true },
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
          { key: 'addgoods', name: '发布商品', path: '/addgoods', hidden: true, under: 'Goodlist' },
          { key: 'editfrom', name: '编辑商品', path: '/editfrom', hidden: true, under: 'Goodlist' },
          { key: 'SaveGood', name: '保存商品', path: '/SaveGood', hidden: true, under: 'Goodlist' },
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
          { key: 'AGoodEdit', name: '编辑积分商品', path: '/AGoodEdit', hidden: true, under: 'AGood' },
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
          { key: 'GoodsOrderList', name: '商品订单', path: '/GoodsOrderList' },
          { key: 'GoodsOrderDetail', name: '订单详情', path: '/GoodsOrderDetail', hidden: true, under: 'GoodsOrderList' },
          { key: 'SalesProtection', name: '售后维权', path: '/SalesProtection' },
          { key: 'SalesProtectionDetail', name: '售后详情', path: '/SalesProtection/detail', hidden: true, under: 'SalesProtection' },
          { key: 'FormOrderList', name: '表单订单', path: '/FormOrderList' },
          { key: 'FormOrderDetail', name: '表单订单详情', path: '/FormOrderDetail', hidden: true, under: 'FormOrderList' },
          // Level and rights-card orders (issue 15, member orders).
          { key: 'LvOrderList', name: '等级订单', path: '/LvOrderList' },
          { key: 'LvOrderDetail', name: '等级订单详情', path: '/LvOrderDetail', hidden: true, under: 'LvOrderList' },
          { key: 'VipOrderList', name: '权益卡订单', path: '/VipOrderList' },
          { key: 'VipOrderDetail', name: '权益卡订单详情', path: '/VipOrderDetail', hidden: true, under: 'VipOrderList' },
        ],
      },
      {
        key: 'orders.delivery',
        name: '配送',
        children: [
          { key: 'distributionSet', name: '配送设置', path: '/distributionSet' },
          { key: 'EditPickUp', name: '编辑自提点', path: '/EditPickUp', hidden: true, under: 'distributionSet' },
          { key: 'NewFreightTem', name: '运费模板', path: '/NewFreightTem' },
          { key: 'ExpressBuyrecord', name: '快递购买记录', path: '/Express/buyrecord' },
          { key: 'verificationTool', name: '核销工具', path: '/verificationTool' },
          { key: 'TakeList', name: '核销记录', path: '/TakeList' },
        ],
      },
    ],
  },
  {
    key: 'members',
    name: '会员',
    icon: 'TeamOutlined',
    children: [
      {
        key: 'members.customers',
        name: '客户管理',
        children: [
          { key: 'mebprofile', name: '会员概况', path: '/mebprofile' },
          { key: 'customerInquiry', name: '客户查询', path: '/customerInquiry' },
          { key: 'memberdetail', name: '会员详情', path: '/memberdetail', hidden: true, under: 'customerInquiry' },
          { key: 'Portraitanalysis', name: '会员画像', path: '/Portraitanalysis' },
          { key: 'memberImport', name: '会员导入', path: '/member/import' },
          { key: 'memberAddImport', name: '新建导入', path: '/member/addimport', hidden: true, under: 'memberImport' },
          { key: 'memberImportDetail', name: '导入详情', path: '/member/importdetail', hidden: true, under: 'memberImport' },
        ],
      },
      {
        key: 'members.segments',
        name: '标签与分组',
        children: [
          { key: 'labeltag', name: '标签管理', path: '/labeltag' },
          { key: 'labeltagEdit', name: '编辑标签', path: '/labeltag/edittag', hidden: true, under: 'labeltag' },
          { key: 'mebgroup', name: '会员分组', path: '/mebgroup' },
          { key: 'EditGroup', name: '编辑分组', path: '/EditGroup', hidden: true, under: 'mebgroup' },
        ],
      },
      {
        key: 'members.levels',
        name: '会员等级',
        children: [
          { key: 'CardLV0', name: '免费等级', path: '/CardLV/0' },
          { key: 'CardLV1', name: '付费等级', path: '/CardLV/1' },
          { key: 'EditLV', name: '编辑等级', path: '/EditLV', hidden: true, under: 'CardLV0' },
          { key: 'DecorateLV', name: '等级装修', path: '/DecorateLV' },
          { key: 'lvBuyrecord', name: '等级购买记录', path: '/lv/buyrecord' },
          { key: 'LvTask', name: '等级任务', path: '/LvTask' },
          { key: 'mebgrouplog', name: '成长值记录', path: '/mebgrouplog' },
        ],
      },
      {
        key: 'members.cards',
        name: '权益卡',
        children: [
          { key: 'equityCard', name: '权益卡', path: '/equityCard' },
          { key: 'addrights', name: '编辑权益卡', path: '/addrights', hidden: true, under: 'equityCard' },
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
          { key: 'FormResEdit', name: '编辑表单', path: '/FormResEdit', hidden: true, under: 'form' },
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
      {
        key: 'shop.store',
        name: '店铺设置',
        children: [
          { key: 'storeInformation', name: '店铺信息', path: '/storeInformation' },
          { key: 'qiantaiset', name: '首页设置', path: '/qiantaiset' },
          { key: 'editreaddress', name: '退货地址', path: '/editreaddress' },
          { key: 'paymentMethod', name: '支付方式', path: '/paymentMethod' },
          { key: 'currency', name: '通用设置', path: '/currency' },
        ],
      },
      // 员工与权限: /staffManagement, /EditStaff, /ShowStaff, /rolePermissions, /editjob
      {
        key: 'shop.team',
        name: '员工与权限',
        children: [
          { key: 'staffManagement', name: '员工管理', path: '/staffManagement' },
          { key: 'EditStaff', name: '编辑员工', path: '/EditStaff', hidden: true, under: 'staffManagement' },
          { key: 'ShowStaff', name: '员工详情', path: '/ShowStaff', hidden: true, under: 'staffManagement' },
          { key: 'rolePermissions', name: '角色权限', path: '/rolePermissions' },
          { key: 'editjob', name: '编辑岗位', path: '/editjob', hidden: true, under: 'rolePermissions' },
        ],
      },
      // 企业与账号: /renterinfo, /rentertrans, /logininfor, /userbind, /operlog
      {
        key: 'shop.account',
        name: '企业与账号',
        children: [
          { key: 'renterinfo', name: '企业信息', path: '/renterinfo' },
          { key: 'rentertrans', name: '企业转让', path: '/rentertrans', ownerOnly: true },
          { key: 'logininfor', name: '登录信息', path: '/logininfor', always: true },
          { key: 'userbind', name: '账号绑定', path: '/userbind', always: true },
          { key: 'operlog', name: '操作日志', path: '/operlog' },
        ],
      },
    ],
  },
  {
    key: 'apps',
    name: '应用',
    icon: 'AppstoreAddOutlined',
    children: [
      {
        key: 'apps.group',
        name: '应用中心',
        // Every member may look; only the owner pays (RenterBuy is 'owner').
        children: [
          { key: 'Apphall', name: '应用中心', path: '/Apphall', icon: 'AppstoreAddOutlined' },
          { key: 'appdesc', name: '应用详情', path: '/appmarket/appdesc', hidden: true, always: true },
        ],
      },
    ],
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
  return menuLeaves(defs).filter((d) => !d.always && !d.ownerOnly && !d.under);
}

/**
 * The add-on apps that have screens: those named (`app`) by an entry of the catalogue. Only these are sold in the app
 * centre; the others are shown as 即将上线 and cannot be bought.
 */
export function appsWithScreens(defs: MenuDef[] = MENU): Set<string> {
  return new Set(menuLeaves(defs).flatMap((d) => (d.app ? [d.app] : [])));
}

/** Every key of the catalogue, parents included. */
export function allMenuKeys(defs: MenuDef[] = MENU): string[] {
  return defs.flatMap((d) => [d.key, ...allMenuKeys(d.children ?? [])]);
}

/** The leaf entries (those with a path). */
export function menuLeaves(defs: MenuDef[] = MENU): MenuDef[] {
  return defs.flatMap((d) => (d.path ? [d] : menuLeaves(d.children ?? [])));
}
