import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export interface ToolbarButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
}

/** A toolbar button named by its tooltip; it never takes focus, so the editor keeps its selection. */
export function ToolbarButton({ label, icon, onClick, active = false, disabled }: ToolbarButtonProps) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}
