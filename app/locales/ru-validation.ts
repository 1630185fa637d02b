import type { Translation } from "./en";

// Spec 5 says the validation messages also exist in Russian, for forms filled
// in by Russian-speaking shoppers in the Baltics.
const ruValidation = {
  required: "Поле обязательно для заполнения.",
  email: "Пожалуйста, введите действительный адрес электронной почты.",
  url: "Пожалуйста, укажите действительную ссылку (например: {{host}}/...).",
  number: "Поле должно быть числом.",
  phone: "Введите номер с кодом страны, например +370 612 34567.",
  tooLong: "Слишком длинный текст.",
} satisfies Translation["validation"];

export default ruValidation;
