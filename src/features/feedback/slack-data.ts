// Slack's settings as admins see and set them (issue 58; pb_hooks/feedback/sources/slack/settings.js): never the
// secrets, only the bot token's last four characters and whether the signing secret is set, the two request URLs to
// paste into the Slack app, and when the last message arrived.
import { type ConnectionSettings, connectionSettingsApi } from '../../lib/pb/connection-settings';

export interface SlackSettings extends ConnectionSettings {
  answer_customers: boolean;
  team_id: string;
  channel: string;
  signing_secret_set: boolean;
  bot_token: string;
  interactivity_url: string;
  events_url: string;
}

/** What an admin may change: the switches and texts as shown, each secret as pasted ('' keeps the one set). */
export type SlackSettingsInput = Partial<
  Pick<SlackSettings, 'active' | 'answer_customers' | 'team_id' | 'channel'> & {
    signing_secret: string;
    bot_token: string;
  }
>;

export const { read: readSlackSettings, write: writeSlackSettings } = connectionSettingsApi<
  SlackSettings,
  SlackSettingsInput
>('slack');
