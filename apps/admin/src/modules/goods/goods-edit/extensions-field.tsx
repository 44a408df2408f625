import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { GOODS_EXTENSIONS_MAX, PROPERTY_VALUE_MAX } from '@contract/index';
import { AutoComplete, Button, ConfigProvider, Form, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { PropertyKeysDialog } from './property-keys-dialog';
import { usePropertyKeys } from './property-keys.queries';

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
