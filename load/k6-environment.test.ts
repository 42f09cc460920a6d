import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  dashboardEnvironment,
  k6RunEnvironment,
  reportFilesOf,
  trustedCaEnvironment,
} from './k6-environment.ts';

const settings = { script: 'rate-limit', reportDir: '/tmp/kit/load', runId: 'run-1', plannedSeconds: 15 };

test('a run exports its web dashboard beside its reports, a point a second when short, listening nowhere', () => {
  expect(dashboardEnvironment({}, settings)).toEqual({
    K6_WEB_DASHBOARD: 'true',
    K6_WEB_DASHBOARD_EXPORT: '/tmp/kit/load/rate-limit.html',
    K6_WEB_DASHBOARD_PERIOD: '1s',
    K6_WEB_DASHBOARD_PORT: '-1',
  });
  expect(reportFilesOf('rate-limit', '/tmp/kit/load').dashboard).toBe('/tmp/kit/load/rate-limit.html');
  // A long run keeps k6's own period; a user's period and port win; K6_WEB_DASHBOARD=false turns it off.
  expect(dashboardEnvironment({}, { ...settings, plannedSeconds: 3600 }).K6_WEB_DASHBOARD_PERIOD).toBe('10s');
  expect(
    dashboardEnvironment({ K6_WEB_DASHBOARD_PERIOD: '5s', K6_WEB_DASHBOARD_PORT: '5665' }, settings),
  ).toMatchObject({ K6_WEB_DASHBOARD_PERIOD: '5s', K6_WEB_DASHBOARD_PORT: '5665' });
  expect(dashboardEnvironment({ K6_WEB_DASHBOARD: 'false' }, settings)).toEqual({});
});

test('the run environment keeps the caller’s target and adds the run id, the report folder and no usage report', () => {
  const env = k6RunEnvironment({ TARGET_BASE_URL: 'http://127.0.0.1:9', KIT_RUN_ID: 'old' }, settings);
  expect(env).toMatchObject({
    TARGET_BASE_URL: 'http://127.0.0.1:9',
    KIT_RUN_ID: 'run-1',
    LOAD_REPORT_DIR: '/tmp/kit/load',
    K6_NO_USAGE_REPORT: 'true',
    K6_WEB_DASHBOARD: 'true',
  });
});

test('a target CA is trusted by k6 beside the folders Go already searches', () => {
  expect(trustedCaEnvironment('/run/ca', {})).toEqual({
    SSL_CERT_DIR: '/run/ca:/etc/ssl/certs:/etc/pki/tls/certs',
  });
  expect(trustedCaEnvironment('/run/ca', { SSL_CERT_DIR: '/opt/certs' })).toEqual({
    SSL_CERT_DIR: '/run/ca:/opt/certs',
  });
});
