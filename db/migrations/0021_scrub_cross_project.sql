-- Generations stored before cross-project items were limited to eligible projects and validated wording quoted
-- other projects' memories and uploaded tool sequences verbatim. Their rules stay (lifecycle and history read
-- them); their cross-project items are removed, so no backup or later read carries that text.
UPDATE `guidance_versions` SET `content` = json_set(`content`, '$.crossProject', json('[]'))
WHERE json_type(`content`, '$.crossProject') = 'array' AND json_array_length(`content`, '$.crossProject') > 0;
