import { describe, expect, it } from 'vitest';
import { loadOpsConfig } from './settings';

describe('the operating settings', () => {
  it('when ALERT_WEBHOOK_URL is a Discord webhook, then it is used; another host only once ALERT_WEBHOOK_HOSTS names it', () => {
    expect(loadOpsConfig({ ALERT_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/t' }).alertWebhookUrl).toBe(
      'https://discord.com/api/webhooks/1/t',
    );
    expect(() => loadOpsConfig({ ALERT_WEBHOOK_URL: 'https://chat.example/hooks/1' })).toThrow(
      "ALERT_WEBHOOK_URL's host chat.example is not allowed: use a Discord webhook or name the host in ALERT_WEBHOOK_HOSTS",
    );
    expect(
      loadOpsConfig({ ALERT_WEBHOOK_URL: 'https://chat.example/hooks/1', ALERT_WEBHOOK_HOSTS: ' Chat.Example , other.example' }),
    ).toMatchObject({ alertWebhookUrl: 'https://chat.example/hooks/1', alertWebhookHosts: ['chat.example', 'other.example'] });
  });

  it.each([
    ['http://discord.com/api/webhooks/1/t', 'ALERT_WEBHOOK_URL must be an https: URL'],
    ['https://user:pw@discord.com/api/webhooks/1/t', 'ALERT_WEBHOOK_URL must not carry a user name or password'],
    ['discord.com/api/webhooks', 'ALERT_WEBHOOK_URL must be a URL'],
  ])('when ALERT_WEBHOOK_URL is %s, then the start stops saying why', (url, message) => {
    expect(() => loadOpsConfig({ ALERT_WEBHOOK_URL: url })).toThrow(message);
  });

  it('when SHUTDOWN_DRAIN_SECONDS is not 0 to 300 seconds, then the start stops', () => {
    expect(loadOpsConfig({ SHUTDOWN_DRAIN_SECONDS: '2.5' }).shutdownDrainMs).toBe(2_500);
    expect(() => loadOpsConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow("SHUTDOWN_DRAIN_SECONDS must be 0 to 300, got '-1'");
    expect(() => loadOpsConfig({ SHUTDOWN_DRAIN_SECONDS: 'soon' })).toThrow('SHUTDOWN_DRAIN_SECONDS must be 0 to 300');
  });
});
