import { ImportOutlined } from '@ant-design/icons';
import { App, Button, Empty, List, Popover, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSpecTemplateOptions } from './spec-templates.queries';

export interface TemplateSpec {
  name: string;
  values: string[];
}

interface Props {
  /** The specs in the form now: a template replaces them (after a confirmation when there are some). */
  current: TemplateSpec[];
  onApply: (specs: TemplateSpec[]) => void;
}

/** 从规格模板导入: picks a spec template and puts its specs into the goods form's spec editor. */
export function ApplyTemplateButton({ current, onApply }: Props) {
  const { modal, message } = App.useApp();
  const [open, setOpen] = useState(false);
  const options = useSpecTemplateOptions(open);

  const apply = (t: { name: string; specs: TemplateSpec[] }) => {
    setOpen(false);
    const go = () => {
      onApply(t.specs.map((s) => ({ name: s.name, values: [...s.values] })));
      message.success(`已导入规格模板「${t.name}」`);
    };
    if (current.some((s) => s.name.trim() || s.values.length)) {
      modal.confirm({
        title: '导入规格模板',
        content: '将替换当前已填写的规格，确定导入?',
        okText: '确定',
        cancelText: '取消',
        onOk: go,
      });
    } else go();
  };

  const content = options.isLoading ? (
    <Skeleton active paragraph={{ rows: 2 }} style={{ width: 280 }} />
  ) : (options.data ?? []).length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无规格模板，可在「商品规格」中添加" style={{ width: 280 }} />
  ) : (
    <List
      size="small"
      style={{ width: 320, maxHeight: 320, overflow: 'auto' }}
      dataSource={options.data}
      renderItem={(t) => (
        <List.Item
          actions={[
            <Button key="use" type="link" size="small" onClick={() => apply(t)} aria-label={`导入${t.name}`}>
              导入
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={t.name}
            description={
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
                {t.specs.map((s) => (
                  <Tag key={s.name}>
                    {s.name}：{s.values.join('/')}
                  </Tag>
                ))}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );

  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} title="选择规格模板" content={content} placement="bottomLeft">
      <Button icon={<ImportOutlined />}>从规格模板导入</Button>
    </Popover>
  );
}
