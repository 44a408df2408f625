import { PlusOutlined, ShopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTitle } from '@/hooks/use-title';
import { useSession } from '@/store/session';
import { AreaCascader } from '@/shared';
import { useChooseCustomer, useCreateCustomer, useCustomers, useIndustryOptions, useLogout } from './login.queries';

interface CreateForm {
  name: string;
  industry: string;
  area: string[];
}

/** 选择企业: switch to one of the user's enterprises, or create one (15-day trial). */
export default function SelectCustomerPage() {
  useTitle('选择企业');
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const login = useSession((s) => s.login);
  const logout = useSession((s) => s.logout);
  // Cached answers (notices, dashboard…) belong to the enterprise left behind: drop them on a switch.
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const chooseCustomer = useChooseCustomer();
  const createCustomer = useCreateCustomer();
  const logoutCall = useLogout();
  const [form] = Form.useForm<CreateForm>();
  const list = useCustomers();
  const industries = useIndustryOptions(creating);

  const choose = async (id: string) => {
    const data = await chooseCustomer.mutateAsync(id);
    login(data);
    qc.clear();
    navigate('/', { replace: true });
  };
  const create = async (v: CreateForm) => {
    try {
      const data = await createCustomer.mutateAsync(v);
      login(data);
      qc.clear();
      setCreating(false);
      navigate('/', { replace: true });
    } catch {
      // shown
    }
  };
  const quit = () =>
    modal.confirm({
      title: '确定退出登录?',
      onOk: async () => {
        await logoutCall.mutateAsync().catch(() => null);
        logout();
        qc.clear();
        navigate('/login', { replace: true });
      },
    });

  return (
    <div className="auth-page">
      <Card
        style={{ width: 560 }}
        title="选择企业"
        extra={
          <Space>
            {(list.data ?? []).some((c) => c.current) && <Button onClick={() => navigate('/')}>返回后台</Button>}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              创建企业
            </Button>
            <Button onClick={quit}>退出登录</Button>
          </Space>
        }
      >
        <List
          loading={list.isLoading}
          dataSource={list.data ?? []}
          locale={{ emptyText: <Empty description="您还没有企业，请先创建企业" /> }}
          renderItem={(c) => (
            <List.Item
              actions={[
                c.current ? (
                  <Tag color="blue" key="cur">
                    当前企业
                  </Tag>
                ) : (
                  <Button key="go" type="link" onClick={() => choose(c.id)}>
                    进入
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                avatar={<ShopOutlined style={{ fontSize: 28, color: '#1677ff' }} />}
                title={
                  <Typography.Link onClick={() => choose(c.id)}>
                    {c.name} {c.isOwner && <Tag>创建者</Tag>} {c.expired && <Tag color="red">已到期</Tag>}
                  </Typography.Link>
                }
                description={`${c.productName}　到期时间：${c.serviceendtime || '—'}`}
              />
            </List.Item>
          )}
        />
      </Card>
      <Modal
        title="创建企业"
        open={creating}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        confirmLoading={createCustomer.isPending}
        okText="创建并进入"
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">新企业可免费试用 15 天。</Typography.Paragraph>
        <Form<CreateForm> form={form} layout="vertical" onFinish={create} preserve={false}>
          <Form.Item
            name="name"
            label="企业名称"
            rules={[
              { required: true, whitespace: true, message: '请输入企业名称' },
              { max: 30, message: '企业名称不能超过30个字' },
            ]}
          >
            <Input placeholder="如：张三的花店" maxLength={30} showCount />
          </Form.Item>
          <Form.Item name="industry" label="所属行业" rules={[{ required: true, message: '请选择所属行业' }]}>
            <Select
              placeholder="请选择所属行业"
              loading={industries.isLoading}
              options={(industries.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="area" label="所在地区" rules={[{ required: true, message: '请选择所在地区' }]}>
            <AreaCascader />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
