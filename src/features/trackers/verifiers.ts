// Each tracker's signature check, by provider (tracker_connections.provider).

import type { Verifier } from './verified-event';
import { verifyGitHub } from './verify-github';
import { verifyJira } from './verify-jira';
import { verifyLinear } from './verify-linear';

export const VERIFIERS: Record<string, Verifier> = { github: verifyGitHub, linear: verifyLinear, jira: verifyJira };
