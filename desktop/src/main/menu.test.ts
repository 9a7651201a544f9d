import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from './menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

describe('the application menu', () => {
  it('offers Change Server…, which calls back', () => {
    const onChangeServer = vi.fn();
    const items = flatten(buildMenuTemplate({ isMac: false, devTools: false, onChangeServer }));
    const item = items.find((i) => i.label === 'Change Server…');
    expect(item).toBeDefined();
    (item?.click as () => void)();
    expect(onChangeServer).toHaveBeenCalledTimes(1);
  });

  it('offers the developer tools only in development', () => {
    const roles = (devTools: boolean) =>
      flatten(buildMenuTemplate({ isMac: false, devTools, onChangeServer: () => undefined })).map((i) => i.role);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(true)).toContain('toggleDevTools');
  });
});
