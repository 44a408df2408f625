import { contract } from '@contract/index';
import { api, callBlob } from '@/api/client';
import { BackgroundExportButton } from '@/shared/background-export-button';
import type { ClientFilterBody } from './customer-filter';

/** 客户查询's 导出 (ExportUsers, ExportInfo, ExportDownload). */
export function CustomerExportButton({ filters, total }: { filters: ClientFilterBody; total: number }) {
  return (
    <BackgroundExportButton
      total={total}
      exporter={{
        start: () => api.clientQuery.ExportUsers(filters),
        info: (id) => api.clientQuery.ExportInfo({ id }, { quiet: true }),
        download: (id) => callBlob(contract.clientQuery.ExportDownload, { id }),
        title: '导出客户',
        unit: '个客户',
      }}
    />
  );
}
