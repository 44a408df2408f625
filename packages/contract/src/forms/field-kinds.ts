/**
 * Field kinds of a form (no zod here: the H5 page imports this). The numbers are the spec's itemType where it
 * names them (0 shows formDecimal, 4 the date part of startTime, 5 startTime, others formText).
 */
export const FIELD_KIND = {
  number: 0,
  text: 1,
  textarea: 2,
  phone: 3,
  date: 4,
  datetime: 5,
  radio: 6,
  checkbox: 7,
  idcard: 8,
  image: 9,
  address: 10,
} as const;
export type FieldKind = (typeof FIELD_KIND)[keyof typeof FIELD_KIND];

export const FIELD_KIND_LABELS: Record<FieldKind, string> = {
  0: '数字',
  1: '单行文本',
  2: '多行文本',
  3: '手机号',
  4: '日期',
  5: '日期时间',
  6: '单选',
  7: '多选',
  8: '身份证号',
  9: '图片上传',
  10: '地址',
};
