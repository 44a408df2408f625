import { Modal, Steps, Tabs } from 'antd';

interface Props {
  open: boolean;
  onClose: () => void;
}

const GROUPS = [
  {
    key: 'general',
    label: '通用设置',
    steps: [
      { title: '完善企业信息', description: '在「店铺 › 企业信息」填写企业名称、Logo、所在地区与联系方式。' },
      { title: '设置客服电话', description: '在「店铺 › 通用设置」填写客服电话，顾客在店铺中可一键拨打。' },
      { title: '配置支付方式', description: '在「店铺 › 支付方式」开启微信支付、储值支付或货到付款。' },
      { title: '添加员工与角色', description: '在「员工管理」邀请员工，并在「角色权限」中分配可见菜单与操作。' },
    ],
  },
  {
    key: 'social',
    label: '公众号与小程序',
    steps: [
      { title: '授权公众号', description: '在「公众号」页点击授权，用公众号管理员微信扫码完成授权。' },
      { title: '授权小程序', description: '在「小程序」页点击授权，选择要绑定的小程序并确认。' },
      { title: '设置类目与基本信息', description: '在「小程序设置」中选择服务类目、填写名称与简介后提交审核。' },
      { title: '预览店铺', description: '授权完成后，点击顶部「预览」图标即可扫码查看店铺。' },
    ],
  },
  {
    key: 'goods',
    label: '商品分类与商品',
    steps: [
      { title: '建立商品分类', description: '在「商品分类」中新建分类，可多级嵌套并排序。' },
      { title: '设置商品单位', description: '在「商品单位」中添加件、箱、千克等单位。' },
      { title: '发布商品', description: '在「商品管理」点击发布商品，填写标题、图片、规格与价格库存。' },
      { title: '编辑与上下架', description: '在商品列表中可快速修改价格、库存与排序，批量上下架。' },
    ],
  },
];

/** 帮助指引: three groups of step-by-step guides. */
export function HelpGuideDialog({ open, onClose }: Props) {
  return (
    <Modal title="帮助指引" width={700} open={open} onCancel={onClose} footer={null}>
      <Tabs
        items={GROUPS.map((g) => ({
          key: g.key,
          label: g.label,
          children: <Steps direction="vertical" items={g.steps.map((s) => ({ ...s, status: 'process' as const }))} />,
        }))}
      />
    </Modal>
  );
}
