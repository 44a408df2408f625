/** What a login record shows of a user agent: the kind of device, the system and the browser. */
export interface UserAgentInfo {
  /** 电脑 / 手机 / 平板 / 未知设备 */
  device: string;
  os: string;
  browser: string;
}

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d.]+)/, '微信'],
  [/DingTalk\/([\d.]+)/, '钉钉'],
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/QQBrowser\/([\d.]+)/, 'QQ浏览器'],
  [/UCBrowser\/([\d.]+)/, 'UC浏览器'],
  [/(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
  [/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
];

function osOf(ua: string): string {
  let m = /Windows NT ([\d.]+)/.exec(ua);
  if (m) return `Windows ${({ '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' } as Record<string, string>)[m[1]] ?? m[1]}`;
  m = /(?:iPhone|CPU) OS ([\d_]+)/.exec(ua);
  if (m) return `iOS ${m[1].replace(/_/g, '.')}`;
  m = /Android ([\d.]+)/.exec(ua);
  if (m) return `Android ${m[1]}`;
  m = /Mac OS X ([\d_.]+)/.exec(ua);
  if (m) return `macOS ${m[1].replace(/_/g, '.')}`;
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '未知系统';
}

function deviceOf(ua: string): string {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return '平板';
  if (/Mobile|iPhone|Android/.test(ua)) return '手机';
  if (/Windows|Macintosh|X11|Linux|CrOS/.test(ua)) return '电脑';
  return '未知设备';
}

/** Reads device, system and browser from a user agent; anything unrecognised reads 未知. */
export function parseUserAgent(ua: string): UserAgentInfo {
  if (!ua) return { device: '未知设备', os: '未知系统', browser: '未知浏览器' };
  let browser = '未知浏览器';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1].split('.')[0]}`;
      break;
    }
  }
  return { device: deviceOf(ua), os: osOf(ua), browser };
}
