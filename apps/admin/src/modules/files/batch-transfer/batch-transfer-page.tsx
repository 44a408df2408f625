import { Flex } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { Can } from '@/shared';
import { NewTransferForm } from './new-transfer-form';
import { TaskList } from './task-list';
import { TaskProgress } from './task-progress';
import { useTransferPushes } from './transfer.queries';

/**
 * 批量图片转存 (/BatchTransferTool): paste or import image addresses; the server fetches them into the media library
 * in the background. The task shown is in the address (?id=), so a reload keeps it.
 */
export default function BatchTransferPage() {
  useTransferPushes();
  const [params, setParams] = useSearchParams();
  const current = params.get('id') ?? '';
  const open = (id: string) => setParams(id ? { id } : {});
  return (
    <Flex vertical gap={16}>
      <Can menu="BatchTransferTool" op="edit">
        <NewTransferForm onCreated={open} />
      </Can>
      {current && <TaskProgress key={current} id={current} onClose={() => open('')} />}
      <TaskList current={current} onOpen={open} />
    </Flex>
  );
}
