import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { titleStatesValidation } from './validation-title.ts';

test('ORACLE: a validation title states validation errors in any wording and language; a framework default does not', () => {
  for (const title of [
    'One or more validation errors occurred.',
    'Validation failed',
    'Your request parameters didn’t validate.',
    'The given data was invalid.',
    'Constraint Violation',
    'One or more field errors occurred.',
    'Ein oder mehrere Validierungsfehler sind aufgetreten.',
    'Une ou plusieurs erreurs de validation se sont produites.',
    'Se produjeron uno o más errores de validación.',
    'Wystąpił co najmniej jeden błąd walidacji.',
    'Произошла одна или несколько ошибок валидации.',
    'Ungültige Anfrage',
    'Datos no válidos',
    'Dados inválidos',
    'Ошибки проверки данных',
    '参数不合法',
    '1 つ以上の検証エラーが発生しました。',
    '发生一个或多个验证错误。',
  ])
    expect(titleStatesValidation(title), title).toBe(true);
  for (const title of ['Bad Request', 'Unprocessable Entity', 'Duplicate', 'Internal Server Error', ''])
    expect(titleStatesValidation(title), title).toBe(false);
});
