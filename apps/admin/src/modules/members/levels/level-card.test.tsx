import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelCard } from './level-card';

describe('level card preview', () => {
  it('shows the name, the line under it and the chosen colours', () => {
    render(<LevelCard look={{ bgColor: '#112233', textColor: '#ffffff', bgImage: '' }} name="金卡" sub="成长值 500" />);
    const card = screen.getByTestId('level-card');
    expect(card.textContent).toContain('金卡');
    expect(card.textContent).toContain('成长值 500');
    expect(card.style.backgroundColor).toBe('rgb(17, 34, 51)');
    expect(card.style.color).toBe('rgb(255, 255, 255)');
  });

  it('falls back to a placeholder name while the name is empty', () => {
    render(<LevelCard look={{ bgColor: '#000000', textColor: '#ffffff', bgImage: '' }} name="" />);
    expect(screen.getByTestId('level-card').textContent).toContain('等级名称');
  });
});
