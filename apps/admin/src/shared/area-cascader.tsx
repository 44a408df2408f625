import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/api/client';

/** A cascader option of the area catalogue. */
export interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

interface Props {
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  /** The chosen names joined ('广东省 深圳市 南山区'), for answers that store the area as text too. */
  onTextChange?: (text: string) => void;
}

/**
 * The areas under a code ('' = the provinces) as cascader options, from GetArea; `leaf` forces them to be the last
 * level a picker offers (a picker of provinces and cities), else the catalogue says.
 */
export const areaOptions = async (code: string, leaf?: boolean): Promise<AreaOption[]> =>
  (await api.login.GetArea({ code }, { quiet: true })).map((r) => ({ value: r.code, label: r.name, isLeaf: leaf ?? r.leaf }));

/** Whether every code of the path is among the loaded options (so the cascader can show its names). */
function loaded(options: AreaOption[], path: string[]): boolean {
  let level: AreaOption[] | undefined = options;
  for (const code of path) {
    const node: AreaOption | undefined = level?.find((o) => o.value === code);
    if (!node) return false;
    level = node.children;
  }
  return true;
}

/**
 * Province / city / district chooser over GetArea, level by level. A saved path (an edited address) is loaded
 * down to its last level so its names show.
 */
export function AreaCascader({ id, value, onChange, placeholder = '请选择省 / 市 / 区', disabled, onTextChange }: Props) {
  const [options, setOptions] = useState<AreaOption[]>([]);
  // What is loaded so far, read by the path effect without re-running it on every load.
  const loadedRef = useRef<AreaOption[]>([]);
  loadedRef.current = options;
  const path = (value ?? []).join(',');

  useEffect(() => {
    let alive = true;
    (async () => {
      const codes = path ? path.split(',') : [];
      let top = loadedRef.current;
      if (top.length === 0) top = await areaOptions('');
      else if (loaded(top, codes)) return;
      else top = [...top];
      let level = top;
      for (const code of codes.slice(0, -1)) {
        const node = level.find((o) => o.value === code);
        if (!node) break;
        if (!node.children) node.children = await areaOptions(code);
        level = node.children;
      }
      if (alive) setOptions(top);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [path]);

  const loadData = async (selected: AreaOption[]) => {
    const target = selected[selected.length - 1];
    const rows = await areaOptions(target.value);
    target.children = rows;
    if (rows.length === 0) target.isLeaf = true;
    setOptions((o) => [...o]);
  };

  return (
    <Cascader<AreaOption>
      id={id}
      options={options}
      loadData={loadData}
      value={value}
      onChange={(v, chosen) => {
        onChange?.((v ?? []).map(String));
        onTextChange?.((chosen ?? []).map((o) => o.label).join(' '));
      }}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
