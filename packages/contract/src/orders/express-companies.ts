/**
 * Express companies (快递公司) a parcel can name: code (the logistics interface's and the carriers' own short code)
 * and name. The console's 发货 form offers these; AddLogistics refuses any other code.
 */
export const EXPRESS_COMPANIES = [
  { code: 'SF', name: '顺丰速运' },
  { code: 'ZTO', name: '中通快递' },
  { code: 'YTO', name: '圆通速递' },
  { code: 'YD', name: '韵达快递' },
  { code: 'STO', name: '申通快递' },
  { code: 'JTSDD', name: '极兔速递' },
  { code: 'JD', name: '京东物流' },
  { code: 'EMS', name: 'EMS' },
  { code: 'YZPY', name: '邮政快递包裹' },
  { code: 'DBL', name: '德邦快递' },
  { code: 'HTKY', name: '百世快递' },
  { code: 'ZJS', name: '宅急送' },
] as const;

export type ExpressCode = (typeof EXPRESS_COMPANIES)[number]['code'];

/** The company's name by code ('' for a code not in the list). */
export const expressName = (code: string): string => EXPRESS_COMPANIES.find((c) => c.code === code)?.name ?? '';
