import type { GoodsTypeNode } from '@contract/index';
import { App } from 'antd';
import { useBusyIds } from '@/shared/use-busy-ids';
import { useDeleteCategories, useSetCategoryStatus, useSortCategories } from './categories.queries';
import { moveItem, siblingsOf, sortBodyOf } from './cate-tree';

/** The row actions of 商品分类: reorder among siblings, enable / disable (confirmed when children follow), delete. */
export function useCateActions(tree: GoodsTypeNode[]) {
  const { modal, message } = App.useApp();
  const sortCategories = useSortCategories();
  const setStatus = useSetCategoryStatus();
  const deleteCategories = useDeleteCategories();
  const switching = useBusyIds();

  /** Puts siblings in a new order through sort. */
  const reorder = async (row: GoodsTypeNode, to: number) => {
    const at = siblingsOf(tree, row.id);
    if (!at || to < 0 || to >= at.siblings.length || to === at.index) return;
    await sortCategories.mutateAsync(sortBodyOf(moveItem(at.siblings, at.index, to)));
    message.success('排序成功');
  };

  const onSwitch = async (row: GoodsTypeNode, on: boolean) => {
    const go = () =>
      switching.run(row.id, async () => {
        try {
          await setStatus.mutateAsync({ ids: [row.id], status: on ? 1 : 0 });
          message.success(on ? '启用成功' : '禁用成功');
        } catch {
          // the reason is shown
        }
      });
    if (!on && row.children) {
      modal.confirm({
        title: `确定禁用分类「${row.name}」?`,
        content: '其下级分类也将一并禁用。',
        okText: '确定',
        cancelText: '取消',
        onOk: go,
      });
    } else await go();
  };

  const onDelete = (row: GoodsTypeNode) =>
    modal.confirm({
      title: '确定删除当前当前数据?',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteCategories.mutateAsync([row.id]);
          message.success('删除成功!');
        } catch {
          // the reason (children, goods) is shown
        }
      },
    });

  return { reorder, onSwitch, onDelete, switching };
}
