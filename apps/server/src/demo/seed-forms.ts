import type { FormField } from '@shop/contract';
import { fmtDay } from '@/core/time';
import { formOrders, formSubmissions, forms, renterSequences } from '@/db/schema';
import type { SubmittedItem } from '@/modules/forms';
import type { Tenant } from '@/core/tenant';

const F = (id: string, label: string, kind: number, required: boolean, options: string[] = []): FormField => ({
  id,
  label,
  kind,
  required,
  placeholder: '',
  options,
  decimals: 0,
  maxCount: 1,
});

const PEOPLE = [
  ['王芳', '13912340001', '2'],
  ['李娜', '13912340002', '1'],
  ['张伟', '13912340003', '3'],
  ['刘洋', '13912340004', '2'],
  ['陈静', '13912340005', '1'],
];

/** Three forms of the demo enterprise, one of them paid, with submissions and orders, so /form is alive. */
export async function seedDemoForms(tenant: Tenant, userId: string): Promise<void> {
  const { db, renterId } = tenant;
  const day = 86_400_000;
  const now = Date.now();
  const opening = [
    F('name', '姓名', 1, true),
    F('phone', '手机号', 3, true),
    F('people', '到店人数', 0, true),
    F('time', '到店时段', 6, true, ['上午', '下午', '晚上']),
  ];
  const survey = [
    F('score', '满意程度', 6, true, ['非常满意', '满意', '一般', '不满意']),
    F('like', '喜欢的商品', 7, false, ['面包', '蛋糕', '饮品']),
    F('advice', '意见建议', 2, false),
  ];
  const course = [
    F('parent', '家长姓名', 1, true),
    F('phone', '联系电话', 3, true),
    F('child_age', '孩子年龄', 0, true),
    F('date', '上课日期', 4, true),
  ];
  const [f1, f2, f3] = await db
    .insert(forms)
    .values([
      {
        renterId,
        frno: 'FR000001',
        name: '门店开业活动报名',
        description: '开业当天到店可领取精美礼品一份。',
        fields: opening,
        createdBy: userId,
        applyCount: PEOPLE.length,
        createdAt: new Date(now - 5 * day),
      },
      {
        renterId,
        frno: 'FR000002',
        name: '会员满意度调查',
        description: '感谢您的反馈！',
        fields: survey,
        createdBy: userId,
        applyCount: 3,
        createdAt: new Date(now - 4 * day),
      },
      {
        renterId,
        frno: 'FR000003',
        name: '亲子烘焙课（付费）',
        description: '每节课 90 分钟，材料费已含。付款后凭核销码到店上课。',
        fields: course,
        needPay: 1,
        priceFen: 3990,
        needVerify: true,
        createdBy: userId,
        applyCount: 2,
        createdAt: new Date(now - 3 * day),
      },
    ])
    .returning();
  const item = (fieldId: string, label: string, kind: number, value: SubmittedItem['value']): SubmittedItem => ({
    fieldId,
    label,
    kind,
    value,
  });
  const subs: (typeof formSubmissions.$inferInsert)[] = PEOPLE.map(([name, phone, n], i) => ({
    renterId,
    formId: f1.id,
    subNo: `S${String(i + 1).padStart(8, '0')}`,
    visitor: `demo-visitor-${i + 1}`,
    phone,
    searchText: `${name} ${phone}`,
    items: [
      item('name', '姓名', 1, name),
      item('phone', '手机号', 3, phone),
      item('people', '到店人数', 0, Number(n)),
      item('time', '到店时段', 6, ['上午', '下午', '晚上'][i % 3]),
    ],
    createdAt: new Date(now - (4 - i * 0.5) * day),
  }));
  ['非常满意', '满意', '一般'].forEach((score, i) => {
    subs.push({
      renterId,
      formId: f2.id,
      subNo: `S${String(6 + i).padStart(8, '0')}`,
      visitor: `demo-visitor-${6 + i}`,
      searchText: score,
      items: [
        item('score', '满意程度', 6, score),
        item('like', '喜欢的商品', 7, ['面包', '饮品'].slice(0, i + 1)),
        item('advice', '意见建议', 2, i === 2 ? '希望周末多一些新品' : null),
      ],
      createdAt: new Date(now - (3 - i * 0.4) * day),
    });
  });
  const paid = await db
    .insert(formSubmissions)
    .values([
      ...subs,
      ...[0, 1].map((i) => ({
        renterId,
        formId: f3.id,
        subNo: `S${String(9 + i).padStart(8, '0')}`,
        visitor: `demo-visitor-${9 + i}`,
        phone: PEOPLE[i][1],
        searchText: `${PEOPLE[i][0]} ${PEOPLE[i][1]}`,
        items: [
          item('parent', '家长姓名', 1, PEOPLE[i][0]),
          item('phone', '联系电话', 3, PEOPLE[i][1]),
          item('child_age', '孩子年龄', 0, 6 + i),
          item('date', '上课日期', 4, '2026-12-06'),
        ],
        createdAt: new Date(now - (2 - i) * day),
      })),
    ])
    .returning();
  const [s9, s10] = paid.slice(-2);
  await db.insert(formOrders).values([
    {
      renterId,
      orderNo: `FO${fmtDay(s9.createdAt).replaceAll('-', '')}000001`,
      formId: f3.id,
      submissionId: s9.id,
      visitor: s9.visitor,
      phone: s9.phone,
      amountFen: 3990,
      status: 1,
      needVerify: 1,
      paidAt: s9.createdAt,
      verifyCode: '20261206',
      createdAt: s9.createdAt,
    },
    {
      renterId,
      orderNo: `FO${fmtDay(s10.createdAt).replaceAll('-', '')}000001`,
      formId: f3.id,
      submissionId: s10.id,
      visitor: s10.visitor,
      phone: s10.phone,
      amountFen: 3990,
      status: 2,
      needVerify: 1,
      paidAt: s10.createdAt,
      verifyCode: '20261207',
      verifiedAt: new Date(now - day / 2),
      verifiedBy: userId,
      createdAt: s10.createdAt,
    },
  ]);
  await db.insert(renterSequences).values([
    { renterId, name: 'form', value: 3 },
    { renterId, name: 'form_submission', value: 10 },
  ]);
}
