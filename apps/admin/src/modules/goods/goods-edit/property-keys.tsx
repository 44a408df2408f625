import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { GOODS_EXTENSIONS_MAX, PROPERTY_KEY_NAME_MAX, PROPERTY_VALUE_MAX, type contract, type DataOf } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, ConfigProvider, Form, Input, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { ApiError, api } from '@/api/client';
import { ListTable, useListState } from '@/shared';
import { goodsItemKeys } from '../goods.queries';

type KeyRow = DataOf<typeof contract.goods.RenterPropertyKeyList>['rows'][number];

const keysKey = [...goodsItemKeys.all, 'propertyKeys'] as const;

/** Every property key of the enterprise (商品扩展属性) with its preset values, for the goods form. */
export const usePropertyKeys = () =>
  useQuery({ queryKey: [...keysKey, 'all'], queryFn: () => api.goods.GetRenterPropertyKeys({}, { quiet: true }) });

/**
 * The 扩展属性 rows of the goods form: a property (one of the enterprise's keys) and its value, typed or taken from
 * the key's preset values. 管理扩展属性 opens the dialog that creates, edits and deletes keys.
 */
export function ExtensionsField() {
  const keys = usePropertyKeys();
  const [managing, setManaging] = useState(false);
  // Inside a disabled form (a role that may only view) nothing is added.
  const locked = ConfigProvider.useConfig().componentDisabled;
  const form = Form.useFormInstance();
  const chosen: ({ key?: string } | undefined)[] = Form.useWatch('extensions', form) ?? [];
  const byId = useMemo(() => new Map((keys.data ?? []).map((k) => [k.id, k])), [keys.data]);

  return (
    <>
      <Form.List name="extensions">
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((f, i) => {
              const key = chosen[i]?.key;
              const presets = (key && byId.get(key)?.values) || [];
              return (
                <Space key={f.key} align="start">
                  <Form.Item name={[f.name, 'key']} rules={[{ required: true, message: '请选择扩展属性' }]} style={{ marginBottom: 0 }}>
                    <Select
                      aria-label={`扩展属性${i + 1}`}
                      placeholder="选择属性"
                      style={{ width: 180 }}
                      showSearch
                      optionFilterProp="label"
                      options={(keys.data ?? []).map((k) => ({
                        value: k.id,
                        label: k.name,
                        disabled: k.id !== key && chosen.some((c) => c?.key === k.id),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'value']}
                    rules={[
                      { required: true, whitespace: true, message: '请填写属性值' },
                      { max: PROPERTY_VALUE_MAX, message: `属性值不能超过${PROPERTY_VALUE_MAX}个字` },
                    ]}
                    style={{ marginBottom: 0 }}
                  >
                    <AutoComplete
                      aria-label={`扩展属性${i + 1}的值`}
                      placeholder={presets.length ? '选择或输入属性值' : '输入属性值'}
                      style={{ width: 240 }}
                      options={presets.map((v) => ({ value: v }))}
                      filterOption={(input, o) => String(o?.value ?? '').includes(input)}
                    />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除扩展属性${i + 1}`} onClick={() => remove(f.name)} />
                </Space>
              );
            })}
            <Space>
              <Button
                icon={<PlusOutlined />}
                disabled={locked || fields.length >= GOODS_EXTENSIONS_MAX}
                onClick={() => add({ key: undefined, value: '' })}
              >
                添加扩展属性
              </Button>
              <Button type="link" icon={<SettingOutlined />} onClick={() => setManaging(true)}>
                管理扩展属性
              </Button>
              {keys.data?.length === 0 && <Typography.Text type="secondary">还没有扩展属性，先在「管理扩展属性」里新建</Typography.Text>}
            </Space>
          </Space>
        )}
      </Form.List>
      {managing && <PropertyKeysDialog onClose={() => setManaging(false)} />}
    </>
  );
}

/** 管理扩展属性: the enterprise's property keys, paged on the server, with create / edit / delete. */
function PropertyKeysDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useListState(useMemo(() => ({}), []));
  const page = useQuery({
    queryKey: [...keysKey, 'list', list.query],
    queryFn: () => api.goods.RenterPropertyKeyList(list.query, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<KeyRow | 'new' | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: keysKey });

  const remove = async (r: KeyRow) => {
    await api.goods.DeleteRenterPropertyKey({ ids: [r.id] });
    message.success('删除成功!');
    await refresh();
  };

  const columns: ColumnsType<KeyRow> = [
    { title: '属性名称', dataIndex: 'name', width: 140 },
    {
      title: '可选值',
      dataIndex: 'values',
      render: (vs: string[]) =>
        vs.length ? vs.map((v) => <Tag key={v}>{v}</Tag>) : <Typography.Text type="secondary">（自由填写）</Typography.Text>,
    },
    { title: '使用商品数', dataIndex: 'goodsCount', width: 100 },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编辑
          </Button>
          {r.goodsCount > 0 ? (
            <Button type="link" size="small" danger disabled title="有商品使用，不能删除">
              删除
            </Button>
          ) : (
            <Popconfirm
              title={`确定删除扩展属性「${r.name}」?`}
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove(r).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Modal open title="管理扩展属性" width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          aria-label="搜索属性名称"
          placeholder="属性名称"
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => list.search(v.trim())}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建属性
        </Button>
      </Space>
      <ListTable<KeyRow>
        list={list}
        result={page}
        rowKey="id"
        size="small"
        columns={columns}
        locale={{ emptyText: page.isLoading ? '加载中…' : '暂无扩展属性，点击「新建属性」添加' }}
      />
      {editing && (
        <PropertyKeyForm
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </Modal>
  );
}

interface KeyValues {
  name: string;
  values: string[];
}

function PropertyKeyForm({ row, onClose, onSaved }: { row: KeyRow | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<KeyValues>();
  const [saving, setSaving] = useState(false);
  const submit = async (v: KeyValues) => {
    setSaving(true);
    try {
      await api.goods.SaveRenterPropertyKey(
        { id: row?.id, name: v.name, values: (v.values ?? []).map((x) => x.trim()).filter(Boolean) },
        { silent: true },
      );
      message.success('保存成功');
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => x.field === 'name' || x.field === 'values');
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: x.field as keyof KeyValues, errors: [x.msg] })));
      else message.error(e.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={row ? '编辑扩展属性' : '新建扩展属性'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<KeyValues> form={form} layout="vertical" initialValues={{ name: row?.name ?? '', values: row?.values ?? [] }} onFinish={submit}>
        <Form.Item
          name="name"
          label="属性名称"
          rules={[
            { required: true, whitespace: true, message: '请输入属性名称' },
            { max: PROPERTY_KEY_NAME_MAX, message: `属性名称不能超过${PROPERTY_KEY_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={PROPERTY_KEY_NAME_MAX} showCount placeholder="如 产地、材质、保质期" />
        </Form.Item>
        <Form.Item
          name="values"
          label="可选值"
          extra="输入后回车添加；商品表单中可从这些值里选，也可以自己填写"
          rules={[
            {
              validator: (_r, vs: string[] = []) =>
                vs.some((x) => x.trim().length > PROPERTY_VALUE_MAX)
                  ? Promise.reject(new Error(`属性值不能超过${PROPERTY_VALUE_MAX}个字`))
                  : Promise.resolve(),
            },
          ]}
        >
          <Select
            mode="tags"
            aria-label="可选值"
            placeholder="如 云南、四川"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', '，']}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
