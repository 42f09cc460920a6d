/**
 * Whether a validation body's title states that validation errors occurred (7.2). The spec gives the
 * statement, not its words, and titles may change between releases (part 7): a deployment may word
 * it in its own language. So the title is read for the word stems of validation, of something invalid,
 * of a broken constraint or of fields, in the languages a provider may serve its titles in; a framework's
 * default that says nothing of validation ("Bad Request", "Unprocessable Entity") does not state it.
 */
const STATES_VALIDATION = new RegExp(
  [
    // validation, invalid, validación, Validierung, validazione, walidacja, валидация, валідація
    'valid',
    'walid',
    'валид',
    'валід',
    // constraint violations (Bean Validation's "Constraint Violation"), contrainte
    'constraint',
    'contrainte',
    // errors of fields: field errors, Feldfehler, erreurs de champ, errores de campo
    'field',
    'feld',
    'champ',
    'campo',
    // invalid, in words of their own
    'ungültig',
    'ongeldig',
    'ogiltig',
    'ugyldig',
    'neplatn',
    'nieprawidłow',
    'geçersiz',
    'doğrula',
    'érvény',
    'недопустим',
    'некоррект',
    'проверк',
    'неверн',
    'επικύρωσ',
    '検証',
    'バリデーション',
    '無効',
    '验证',
    '驗證',
    '校验',
    '无效',
    '無效',
    '不合法',
    '非法',
    '검증',
    '유효',
  ].join('|'),
  'iu',
);

/** The title with its letters' accents taken off: válido reads as valido. */
const withoutAccents = (title: string): string => title.normalize('NFD').replace(/\p{M}/gu, '');

export const titleStatesValidation = (title: string): boolean =>
  STATES_VALIDATION.test(title) || STATES_VALIDATION.test(withoutAccents(title));
