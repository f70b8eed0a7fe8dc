import type { MessageSet } from './types.ts';

// People's face data (docs/product-rules.md R20.7): the consent text, shown in the person's language, and the refusals.
export default {
  en: {
    'faces.consentText':
      'I agree that Atrium keeps the face images I upload (or that an administrator uploads for me), encrypted, and sends them to the face recognition terminals of this organisation so that they recognise me at the doors and rooms. I may withdraw this consent at any time: my images are then deleted here and removed from the terminals.',
    'faces.noConsent': 'No consent to face recognition is on record for this person: no image is accepted without it',
    'faces.tooMany': 'At most {max} face images are kept per person; delete one first',
    'faces.badType': 'A face image must be a JPEG or PNG picture (checked by its content)',
    'faces.tooLarge': 'A face image may be at most {mb} MB',
    'faces.badImage': 'The picture could not be read',
    'faces.noFile': 'Choose a face image to upload (field "file")',
  },
  cn: {
    'faces.consentText':
      '我同意 Atrium 加密保存我上传（或管理员为我上传）的人脸照片，并将其发送到本单位的人脸识别终端，以便在门口和会议室识别我。我可以随时撤回此同意：撤回后我的照片将在此删除，并从终端中移除。',
    'faces.noConsent': '此人没有同意人脸识别的记录：未经同意不接受照片',
    'faces.tooMany': '每人最多保存 {max} 张人脸照片，请先删除一张',
    'faces.badType': '人脸照片必须是 JPEG 或 PNG 图片（按内容检查）',
    'faces.tooLarge': '人脸照片最大 {mb} MB',
    'faces.badImage': '无法读取该图片',
    'faces.noFile': '请选择要上传的人脸照片（字段 "file"）',
  },
  ja: {
    'faces.consentText':
      '私がアップロードした（または管理者が私のためにアップロードした）顔写真を Atrium が暗号化して保管し、ドアや会議室で私を認識できるよう、この組織の顔認証端末へ送ることに同意します。この同意はいつでも撤回でき、撤回すると写真はここで削除され、端末からも消去されます。',
    'faces.noConsent': 'この人の顔認証への同意が記録されていません。同意なしに写真は受け付けません',
    'faces.tooMany': '顔写真は一人 {max} 枚までです。先に一枚削除してください',
    'faces.badType': '顔写真は JPEG または PNG の画像にしてください（内容で確認します）',
    'faces.tooLarge': '顔写真は {mb} MB までです',
    'faces.badImage': '画像を読み取れませんでした',
    'faces.noFile': 'アップロードする顔写真を選んでください（フィールド "file"）',
  },
} satisfies MessageSet;
