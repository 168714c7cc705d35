// Each tracker's signature check, by provider (tracker_connections.provider).
import { verifyGitHub } from './verify-github';
import { verifyLinear } from './verify-linear';
import type { Verifier } from './verified-event';

export const VERIFIERS: Record<string, Verifier> = { github: verifyGitHub, linear: verifyLinear };
