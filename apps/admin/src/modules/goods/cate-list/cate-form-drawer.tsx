import { GOODS_SORT_MAX, GOODS_TYPE_NAME_MAX, type GoodsTypeNode } from '@contract/index';
import { App, Button, Drawer, Form, Input, InputNumber, Space, Switch, TreeSelect } from 'antd';
import { useEffect, useRef } from 'react';
import { ApiError } from '@/api/client';
import { ImageUpload } from '@/shared';
import { useSaveCategory } from './categories.queries';
import { findNode, toTreeSelect } from './cate-tree';

/** What the drawer edits: a new category (under parentId, or at the top) or an existing one. */
export type CateEditing = { mode: 'add'; parentId: string | null } | { mode: 'edit'; node: GoodsTypeNode };

interface Values {
  parentId?: string;
  name: string;
  icon: string;
  sort?: number | null;
  status: boolean;
}

interface Props {
  editing: CateEditing | null;
  /** The whole tree, for the parent picker. */
  tree: GoodsTypeNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 编辑分类: parent, name, icon, sort, status; the server's refusals show under their fields. */
export function CateFormDrawer({ editing, tree, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const saveCategory = useSaveCategory();
  const editingId = editing?.mode === 'edit' ? editing.node.id : undefined;
  // Read when the drawer opens only: a refetch of the tree while it is open must not reset what is being typed.
  const treeRef = useRef(tree);
  treeRef.current = tree;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') {
      const n = editing.node;
      form.setFieldsValue({ parentId: n.parentId ?? undefined, name: n.name, icon: n.icon, sort: n.sort, status: n.status === 1 });
    } else {
      // A child of a disabled category starts disabled: it could not be saved enabled.
      const parent = editing.parentId ? findNode(treeRef.current, editing.parentId) : undefined;
      form.setFieldsValue({
        parentId: editing.parentId ?? undefined,
        name: '',
        icon: '',
        sort: null,
        status: parent ? parent.status === 1 : true,
      });
    }
  }, [editing, form]);

  const save = async (v: Values) => {
    try {
      await saveCategory.mutateAsync({
        id: editingId,
        name: v.name,
        parentId: v.parentId ?? null,
        icon: v.icon ?? '',
        sort: v.sort ?? undefined,
        status: v.status ? 1 : 0,
      });
      message.success('保存成功');
      onSaved();
    } catch (e) {
      const errors = ((e as ApiError).data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const known = errors.filter((x) => ['name', 'parentId', 'status', 'icon', 'sort'].includes(x.field));
      if (known.length) form.setFields(known.map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      else if (e instanceof ApiError) message.error(e.message);
    }
  };

  const title = editing?.mode === 'edit' ? '编辑分类' : editing?.parentId ? '添加子分类' : '新增分类';
  return (
    <Drawer
      title={title}
      open={editing !== null}
      onClose={onClose}
      width={480}
      forceRender
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saveCategory.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} layout="vertical" onFinish={save} initialValues={{ status: true, icon: '' }}>
        <Form.Item name="parentId" label="上级分类" extra="不选则为顶级分类">
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder="顶级分类"
            treeData={toTreeSelect(tree, editingId)}
            styles={{ popup: { root: { maxHeight: 360, overflow: 'auto' } } }}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="分类名称"
          rules={[
            { required: true, whitespace: true, message: '请输入分类名称' },
            { max: GOODS_TYPE_NAME_MAX, message: `分类名称不能超过${GOODS_TYPE_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={GOODS_TYPE_NAME_MAX} showCount placeholder="如：水果" />
        </Form.Item>
        <Form.Item name="icon" label="分类图标" extra="建议尺寸 200×200，支持 jpg、png、gif、webp">
          <ImageUpload />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字越小越靠前；不填则排在同级最后">
          <InputNumber min={0} max={GOODS_SORT_MAX} precision={0} style={{ width: 160 }} placeholder="自动" />
        </Form.Item>
        <Form.Item name="status" label="状态" valuePropName="checked" extra="禁用后其下级分类也一并禁用">
          <Switch checkedChildren="启用" unCheckedChildren="禁用" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
