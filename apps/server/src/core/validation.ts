import { z } from 'zod';

/** Chinese names of fields, for messages zod writes itself (our own schemas carry their messages). */
const FIELD_LABELS: Record<string, string> = {
  page_index: '页码',
  page_size: '每页条数',
  keyword: '关键字',
  sorter: '排序',
  field: '排序字段',
  order: '排序方向',
  ids: '选中的数据',
  id: 'id',
  status: '状态',
  phone: '手机号',
  pwd: '密码',
  code: '验证码',
  type: '类型',
  name: '名称',
  url: '地址',
  stime: '开始时间',
  endtime: '结束时间',
};

const zh = z.locales.zhCN().localeError;

function labelOf(path: PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (!last) return '';
  return FIELD_LABELS[last] ?? last;
}

/** Messages zod writes itself are Chinese and start with the field's name. */
export function installZodMessages() {
  z.config({
    customError(iss) {
      const base = zh(iss as never);
      const msg = typeof base === 'string' ? base : (base?.message ?? '参数错误');
      const label = labelOf(iss.path ?? []);
      return label ? `${label}：${msg}` : msg;
    },
  });
}

export interface FieldError {
  field: string;
  msg: string;
}

export function fieldErrors(err: z.ZodError): FieldError[] {
  return err.issues.map((i) => ({ field: i.path.map(String).join('.'), msg: i.message }));
}
